//! Least squares over the sparse pattern features, one phase at a time: the weights that
//! minimise the squared error to the labels plus `lambda` times the squared distance to the
//! neighbouring phase's weights (so that a configuration seen rarely keeps the nearer phase's
//! value rather than zero), solved by conjugate gradients on the normal equations (as Edax's
//! trainer does). Single-threaded and in a fixed order, so the weights are the same bit for
//! bit on every run.

use crate::game::reversi::pattern::INSTANCES;

/// One training example: its canonical features and its label (the final margin in discs).
pub struct Example {
    pub features: [u32; INSTANCES],
    pub label: f64,
}

/// Xᵀu + lambda·u... the normal matrix applied to `v`: XᵀX v + lambda v.
fn normal(examples: &[Example], v: &[f64], lambda: f64, out: &mut [f64]) {
    for (o, x) in out.iter_mut().zip(v) {
        *o = lambda * x;
    }
    for e in examples {
        let s = v[0] + e.features.iter().map(|&f| v[f as usize]).sum::<f64>();
        out[0] += s;
        for &f in &e.features {
            out[f as usize] += s;
        }
    }
}

/// The prediction of `weights` (constant first) for an example.
pub fn predict(weights: &[f64], e: &Example) -> f64 {
    weights[0] + e.features.iter().map(|&f| weights[f as usize]).sum::<f64>()
}

/// The weights (a phase's canonical table, constant first) fitted to `examples`, drawn
/// towards `prior`, after at most `iterations` conjugate-gradient steps.
pub fn fit(examples: &[Example], prior: &[f64], lambda: f64, iterations: usize) -> Vec<f64> {
    let len = prior.len();
    // The step d = w - prior solves (XᵀX + lambda I) d = Xᵀ(y - X prior).
    let mut b = vec![0.0; len];
    for e in examples {
        let r = e.label - predict(prior, e);
        b[0] += r;
        for &f in &e.features {
            b[f as usize] += r;
        }
    }
    let mut d = vec![0.0; len];
    let mut r = b.clone();
    let mut p = r.clone();
    let mut rs: f64 = r.iter().map(|x| x * x).sum();
    let stop = rs * 1e-12;
    let mut ap = vec![0.0; len];
    for _ in 0..iterations {
        if rs <= stop || rs == 0.0 {
            break;
        }
        normal(examples, &p, lambda, &mut ap);
        let alpha = rs / p.iter().zip(&ap).map(|(x, y)| x * y).sum::<f64>();
        for i in 0..len {
            d[i] += alpha * p[i];
            r[i] -= alpha * ap[i];
        }
        let next: f64 = r.iter().map(|x| x * x).sum();
        let beta = next / rs;
        for i in 0..len {
            p[i] = r[i] + beta * p[i];
        }
        rs = next;
    }
    prior.iter().zip(&d).map(|(w, x)| w + x).collect()
}

/// The least-squares line `a·x + b` through (x, y) pairs: a baseline's best scaling.
pub fn line(points: &[(f64, f64)]) -> (f64, f64) {
    let n = points.len().max(1) as f64;
    let (mx, my) = points
        .iter()
        .fold((0.0, 0.0), |(a, b), (x, y)| (a + x / n, b + y / n));
    let (mut sxy, mut sxx) = (0.0, 0.0);
    for (x, y) in points {
        sxy += (x - mx) * (y - my);
        sxx += (x - mx) * (x - mx);
    }
    let a = if sxx > 0.0 { sxy / sxx } else { 0.0 };
    (a, my - a * mx)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conjugate_gradients_recover_the_weights_that_made_the_labels() {
        // Labels made by known weights on a few features: the fit finds them again.
        let truth: Vec<f64> = (0..60).map(|i| ((i * 7) % 11) as f64 - 5.0).collect();
        let mut state = 5u64;
        let examples: Vec<Example> = (0..400)
            .map(|_| {
                let mut features = [0u32; INSTANCES];
                for f in features.iter_mut() {
                    *f = 1 + (crate::random::splitmix64(&mut state) % 59) as u32;
                }
                let mut e = Example {
                    features,
                    label: 0.0,
                };
                e.label = predict(&truth, &e);
                e
            })
            .collect();
        let fitted = fit(&examples, &vec![0.0; 60], 1e-9, 500);
        let worst = examples
            .iter()
            .map(|e| (predict(&fitted, e) - e.label).abs())
            .fold(0.0, f64::max);
        assert!(worst < 1e-3, "largest error {worst}");
        assert_eq!(line(&[(0.0, 1.0), (1.0, 3.0), (2.0, 5.0)]), (2.0, 1.0));
    }
}
