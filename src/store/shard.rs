//! Splitting a sweep over machines: each case belongs to one of N shards by a hash of its key
//! (so adding positions or variants moves no finished case to another shard), shard numbers
//! from the command line or from the scheduler (a Slurm job array, a Kubernetes Indexed Job),
//! and the plan's fingerprint that tells shards of the same plan apart from others.

use crate::parse::{ParseError, TextKind};
use std::fmt;

use super::record::CaseKey;

/// Shard `index` (1-based) of `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: u32,
    pub count: u32,
}

/// `--shard` as written: `K/N`, or `auto` (Slurm) / `auto/N` (a Kubernetes Indexed Job, or
/// Slurm with N checked) read from the scheduler's environment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShardSpec {
    Fixed(Shard),
    Auto(Option<u32>),
}

impl std::str::FromStr for ShardSpec {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<ShardSpec, ParseError> {
        parse_shard(text).map_err(ParseError::of(TextKind::Shard))
    }
}

fn parse_shard(text: &str) -> Result<ShardSpec, String> {
    let bad = || format!("bad shard '{text}': expected K/N (1 <= K <= N), auto or auto/N");
    let (k, n) = match text.trim().split_once('/') {
        Some((k, n)) => (k.trim(), Some(n.trim())),
        None => (text.trim(), None),
    };
    let n = match n {
        Some(n) => Some(n.parse::<u32>().ok().filter(|&n| n >= 1).ok_or_else(bad)?),
        None => None,
    };
    if k == "auto" {
        return Ok(ShardSpec::Auto(n));
    }
    let k = k.parse::<u32>().map_err(|_| bad())?;
    match n {
        Some(n) if (1..=n).contains(&k) => Ok(ShardSpec::Fixed(Shard { index: k, count: n })),
        _ => Err(bad()),
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// A shard is written `K/N` (meta.json, messages).
impl serde::Serialize for Shard {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Shard {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Shard, D::Error> {
        let text = String::deserialize(d)?;
        match text.parse::<ShardSpec>() {
            Ok(ShardSpec::Fixed(shard)) => Ok(shard),
            _ => Err(serde::de::Error::custom(format!(
                "bad shard '{text}': expected K/N"
            ))),
        }
    }
}

impl ShardSpec {
    /// The shard, reading the scheduler's variables through `env` for `auto`: Slurm's
    /// `SLURM_ARRAY_TASK_ID` with `SLURM_ARRAY_TASK_COUNT` (or `_MIN` and `_MAX`), else a
    /// Kubernetes Indexed Job's `JOB_COMPLETION_INDEX` (0-based) with N given.
    pub fn resolve(self, env: impl Fn(&str) -> Option<String>) -> Result<Shard, String> {
        let given = match self {
            ShardSpec::Fixed(shard) => return Ok(shard),
            ShardSpec::Auto(n) => n,
        };
        let number = |name: &str| -> Result<Option<i64>, String> {
            match env(name) {
                None => Ok(None),
                Some(v) => v
                    .trim()
                    .parse::<i64>()
                    .map(Some)
                    .map_err(|_| format!("--shard auto: {name}='{v}' is not a whole number")),
            }
        };
        let checked = |index: i64, count: i64, source: &str| -> Result<Shard, String> {
            if count > u32::MAX as i64 {
                return Err(format!(
                    "--shard auto: {source} gives {count} shards, more than nodeprof splits a plan into ({})",
                    u32::MAX
                ));
            }
            if count < 1 || index < 1 || index > count {
                return Err(format!(
                    "--shard auto: {source} gives shard {index} of {count}, which is not one"
                ));
            }
            if let Some(n) = given {
                if n as i64 != count {
                    return Err(format!(
                        "--shard auto/{n}: {source} says there are {count} shards"
                    ));
                }
            }
            Ok(Shard {
                index: index as u32,
                count: count as u32,
            })
        };
        if let Some(task) = number("SLURM_ARRAY_TASK_ID")? {
            let min = number("SLURM_ARRAY_TASK_MIN")?.unwrap_or(0);
            let count = match (number("SLURM_ARRAY_TASK_COUNT")?, number("SLURM_ARRAY_TASK_MAX")?) {
                (Some(count), _) => count,
                (None, Some(max)) => max - min + 1,
                (None, None) => {
                    return Err("--shard auto: SLURM_ARRAY_TASK_ID is set but neither SLURM_ARRAY_TASK_COUNT nor SLURM_ARRAY_TASK_MAX is".into())
                }
            };
            return checked(task - min + 1, count, "the Slurm array");
        }
        if let Some(index) = number("JOB_COMPLETION_INDEX")? {
            let Some(n) = given else {
                return Err("--shard auto: a Kubernetes Indexed Job (JOB_COMPLETION_INDEX) does not say how many shards there are: use --shard auto/N with N the job's completions".into());
            };
            return checked(index + 1, n as i64, "the Kubernetes Indexed Job");
        }
        Err("--shard auto: no scheduler found (neither SLURM_ARRAY_TASK_ID of a Slurm job array nor JOB_COMPLETION_INDEX of a Kubernetes Indexed Job is set); give the shard as K/N".into())
    }
}

/// FNV-1a over fields, each ended by a unit separator: stable across builds and machines
/// (unlike the standard library's hasher).
pub fn fields_hash(fields: &[&str]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for field in fields {
        for &b in field.as_bytes().iter().chain(&[0x1f]) {
            h ^= b as u64;
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    h
}

/// A case's hash (one thread hashes as before threads were part of the case, so one-thread
/// plans keep their shards and fingerprints).
fn key_hash(key: &CaseKey) -> u64 {
    let seed = key.shuffle_seed.map_or(String::new(), |s| s.to_string());
    let threads = key.threads.to_string();
    let mut fields = vec![
        &*key.suite,
        &key.position,
        &key.variant,
        &key.eval,
        &key.depth,
        &seed,
    ];
    if key.threads != 1 {
        fields.push(&threads);
    }
    fields_hash(&fields)
}

/// The shard (1-based) of `count` that a case belongs to.
pub fn shard_of(key: &CaseKey, count: u32) -> u32 {
    (key_hash(key) % count as u64) as u32 + 1
}

/// A fingerprint of the whole plan (its cases, in any order), as 16 hex digits.
pub fn plan_fingerprint(keys: &[CaseKey]) -> String {
    let mut hashes: Vec<u64> = keys.iter().map(key_hash).collect();
    hashes.sort_unstable();
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for x in hashes {
        for b in x.to_le_bytes() {
            h ^= b as u64;
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    format!("{h:016x}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(position: &str) -> CaseKey {
        CaseKey {
            suite: "ffo".into(),
            position: position.into(),
            variant: "negaalpha".into(),
            eval: "disc".into(),
            depth: "2".into(),
            shuffle_seed: None,
            threads: 1,
        }
    }

    #[test]
    fn shards_are_parsed_and_read_from_schedulers() {
        assert_eq!(
            "2/4".parse::<ShardSpec>().unwrap(),
            ShardSpec::Fixed(Shard { index: 2, count: 4 })
        );
        for bad in ["0/4", "5/4", "x/2", "2", "1/0", "auto/0", ""] {
            assert!(bad.parse::<ShardSpec>().is_err(), "{bad}");
        }
        let env = |vars: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                vars.iter()
                    .find(|(k, _)| *k == name)
                    .map(|(_, v)| v.to_string())
            }
        };
        let auto = ShardSpec::Auto(None);
        // sbatch --array=0-3: task 2 is the third shard of four.
        let slurm = env(&[
            ("SLURM_ARRAY_TASK_ID", "2"),
            ("SLURM_ARRAY_TASK_MIN", "0"),
            ("SLURM_ARRAY_TASK_MAX", "3"),
        ]);
        assert_eq!(auto.resolve(slurm), Ok(Shard { index: 3, count: 4 }));
        let slurm_count = env(&[
            ("SLURM_ARRAY_TASK_ID", "1"),
            ("SLURM_ARRAY_TASK_MIN", "1"),
            ("SLURM_ARRAY_TASK_COUNT", "2"),
        ]);
        assert_eq!(auto.resolve(slurm_count), Ok(Shard { index: 1, count: 2 }));
        assert!(ShardSpec::Auto(Some(3)).resolve(slurm).is_err());
        let k8s = env(&[("JOB_COMPLETION_INDEX", "0")]);
        assert_eq!(
            ShardSpec::Auto(Some(4)).resolve(k8s),
            Ok(Shard { index: 1, count: 4 })
        );
        let err = auto.resolve(k8s).unwrap_err();
        assert!(err.contains("auto/N"), "{err}");
        let err = auto.resolve(env(&[])).unwrap_err();
        assert!(err.contains("no scheduler found"), "{err}");
        // Counts past 32 bits are refused (they wrapped to 0 shards, a division by zero, or
        // to 1 shard, task 4294967296 of 4294967297 running as shard 1/1).
        for (task, count) in [("1", "4294967296"), ("4294967296", "4294967297")] {
            let huge = move |name: &str| match name {
                "SLURM_ARRAY_TASK_ID" => Some(task.to_string()),
                "SLURM_ARRAY_TASK_MIN" => Some("1".to_string()),
                "SLURM_ARRAY_TASK_COUNT" => Some(count.to_string()),
                _ => None,
            };
            let err = auto.resolve(huge).unwrap_err();
            assert!(err.contains("more than nodeprof splits"), "{err}");
        }
    }

    #[test]
    fn a_case_keeps_its_shard_when_the_plan_grows_and_shards_cover_the_plan_once() {
        let keys: Vec<CaseKey> = (1..=200).map(|i| key(&format!("end{i}.pos"))).collect();
        let shards: Vec<u32> = keys.iter().map(|k| shard_of(k, 4)).collect();
        // Every shard gets work, and each case exactly one shard.
        for s in 1..=4 {
            let n = shards.iter().filter(|&&x| x == s).count();
            assert!((25..=75).contains(&n), "shard {s}: {n}");
        }
        // Adding positions moves no existing case.
        let more: Vec<CaseKey> = (1..=400).map(|i| key(&format!("end{i}.pos"))).collect();
        assert!(more[..200]
            .iter()
            .zip(&shards)
            .all(|(k, &s)| shard_of(k, 4) == s));
        assert_eq!(plan_fingerprint(&keys), {
            let mut reversed = keys.clone();
            reversed.reverse();
            plan_fingerprint(&reversed)
        });
        assert_ne!(plan_fingerprint(&keys), plan_fingerprint(&more));
    }
}
