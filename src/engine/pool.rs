//! Started engines kept between uses (the sweep's groups, a match's games), by name: one
//! taken is one engine's to use alone; one given back broken is stopped, so the next use
//! starts a fresh one.

use std::collections::HashMap;
use std::sync::Mutex;

use super::client::Engine;
use super::spec::EngineSpec;
use crate::error::EngineError;

/// Idle engines by name.
#[derive(Default)]
pub struct Pool {
    idle: Mutex<HashMap<String, Vec<Engine>>>,
}

impl Pool {
    /// An idle engine of pool key `name` ([`EngineSpec::pool_key`]), if one is kept.
    pub fn take(&self, name: &str) -> Option<Engine> {
        self.idle
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get_mut(name)
            .and_then(Vec::pop)
    }

    /// An idle engine named like `spec`, or a new one started.
    pub fn take_or_start(&self, spec: &EngineSpec) -> Result<Engine, EngineError> {
        match self.take(&spec.pool_key()) {
            Some(engine) => Ok(engine),
            None => Engine::start(spec),
        }
    }

    /// Keeps `engine` for a later use, unless it faulted (then it is stopped).
    pub fn give_back(&self, engine: Engine) {
        if engine.broken {
            engine.quit();
            return;
        }
        self.idle
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .entry(engine.spec().pool_key())
            .or_default()
            .push(engine);
    }

    /// Ends every idle engine of pool key `name`.
    pub fn close_named(&self, name: &str) {
        let idle = self
            .idle
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(name);
        for engine in idle.into_iter().flatten() {
            engine.quit();
        }
    }

    /// Ends every idle engine (`quit`, then killed if it stays).
    pub fn close(&self) {
        let idle = std::mem::take(&mut *self.idle.lock().unwrap_or_else(|e| e.into_inner()));
        for engine in idle.into_values().flatten() {
            engine.quit();
        }
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        self.close();
    }
}
