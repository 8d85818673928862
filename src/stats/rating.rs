//! Ratings of several players from the games between them: the maximum-likelihood Elo of the
//! Bradley–Terry model (a draw counted as half a win and half a loss, as BayesElo's and
//! Ordo's simplest models do), by Newton's method, with 95% intervals from the inverse of the
//! observed information, the ratings centred on their mean. Each pairing that played carries
//! 0.01 of a virtual draw, so that a perfect score keeps a finite (very large) rating.

/// One player's rating.
#[derive(Clone, Debug, PartialEq)]
pub struct Rating {
    pub player: String,
    /// Elo relative to the players' mean.
    pub elo: f64,
    /// Half-width of the 95% interval.
    pub error: f64,
    pub games: f64,
    /// Points scored (a win 1, a draw 0.5).
    pub points: f64,
}

/// The virtual draw each pairing that played is given (see the module's note).
const PRIOR_DRAW: f64 = 0.01;
const ELO_PER_NATURAL: f64 = 400.0 / std::f64::consts::LN_10;

/// Ratings of `players` from `results`: (player i, player j, i's points, games).
pub fn ratings(players: &[String], results: &[(usize, usize, f64, f64)]) -> Vec<Rating> {
    let n = players.len();
    let mut points = vec![vec![0.0; n]; n];
    let mut games = vec![vec![0.0; n]; n];
    for &(i, j, score, played) in results {
        if i == j {
            continue;
        }
        points[i][j] += score;
        points[j][i] += played - score;
        games[i][j] += played;
        games[j][i] += played;
    }
    for i in 0..n {
        for j in 0..n {
            if games[i][j] > 0.0 {
                points[i][j] += PRIOR_DRAW / 2.0;
                games[i][j] += PRIOR_DRAW;
            }
        }
    }
    // θ in natural units; player 0 anchored at 0 while solving.
    let mut theta = vec![0.0; n];
    let information = |theta: &[f64]| {
        let mut h = vec![vec![0.0; n]; n];
        let mut g = vec![0.0; n];
        for i in 0..n {
            for j in 0..n {
                if i == j || games[i][j] == 0.0 {
                    continue;
                }
                let p = 1.0 / (1.0 + (theta[j] - theta[i]).exp());
                g[i] += points[i][j] - games[i][j] * p;
                let w = games[i][j] * p * (1.0 - p);
                h[i][i] += w;
                h[i][j] -= w;
            }
        }
        (g, h)
    };
    for _ in 0..200 {
        let (g, h) = information(&theta);
        let reduced: Vec<Vec<f64>> = (1..n).map(|i| (1..n).map(|j| h[i][j]).collect()).collect();
        let Some(inverse) = invert(&reduced) else {
            break;
        };
        let mut largest: f64 = 0.0;
        for i in 1..n {
            let step: f64 = (1..n).map(|j| inverse[i - 1][j - 1] * g[j]).sum();
            theta[i] += step.clamp(-2.0, 2.0);
            largest = largest.max(step.abs());
        }
        if largest < 1e-10 {
            break;
        }
    }
    let (_, h) = information(&theta);
    let reduced: Vec<Vec<f64>> = (1..n).map(|i| (1..n).map(|j| h[i][j]).collect()).collect();
    // Covariance with player 0 fixed (its row and column zero), then centred: A C Aᵀ with
    // A = I − 11ᵀ/n.
    let mut cov = vec![vec![f64::NAN; n]; n];
    if let Some(inverse) = invert(&reduced) {
        let mut c = vec![vec![0.0; n]; n];
        for i in 1..n {
            for j in 1..n {
                c[i][j] = inverse[i - 1][j - 1];
            }
        }
        let row_mean: Vec<f64> = (0..n)
            .map(|i| c[i].iter().sum::<f64>() / n as f64)
            .collect();
        let all_mean = row_mean.iter().sum::<f64>() / n as f64;
        for i in 0..n {
            for j in 0..n {
                cov[i][j] = c[i][j] - row_mean[i] - row_mean[j] + all_mean;
            }
        }
    }
    let mean = theta.iter().sum::<f64>() / n as f64;
    (0..n)
        .map(|i| Rating {
            player: players[i].clone(),
            elo: (theta[i] - mean) * ELO_PER_NATURAL,
            error: 1.96 * cov[i][i].max(0.0).sqrt() * ELO_PER_NATURAL,
            games: (0..n)
                .map(|j| games[i][j] - if games[i][j] > 0.0 { PRIOR_DRAW } else { 0.0 })
                .sum(),
            points: (0..n)
                .map(|j| {
                    points[i][j]
                        - if games[i][j] > 0.0 {
                            PRIOR_DRAW / 2.0
                        } else {
                            0.0
                        }
                })
                .sum(),
        })
        .collect()
}

/// The inverse of a small square matrix by Gauss–Jordan elimination; `None` if singular.
fn invert(m: &[Vec<f64>]) -> Option<Vec<Vec<f64>>> {
    let n = m.len();
    let mut a: Vec<Vec<f64>> = m
        .iter()
        .enumerate()
        .map(|(i, row)| {
            let mut r = row.clone();
            r.extend((0..n).map(|j| f64::from(u8::from(i == j))));
            r
        })
        .collect();
    for col in 0..n {
        let pivot = (col..n).max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs()))?;
        if a[pivot][col].abs() < 1e-12 {
            return None;
        }
        a.swap(col, pivot);
        let p = a[col][col];
        for v in a[col].iter_mut() {
            *v /= p;
        }
        let pivot_row = a[col].clone();
        for (row, values) in a.iter_mut().enumerate() {
            let f = values[col];
            if row != col && f != 0.0 {
                for (v, p) in values.iter_mut().zip(&pivot_row) {
                    *v -= f * p;
                }
            }
        }
    }
    Some(a.into_iter().map(|r| r[n..].to_vec()).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(n: usize) -> Vec<String> {
        (0..n).map(|i| format!("p{i}")).collect()
    }

    #[test]
    fn two_players_get_the_elo_of_their_score() {
        // 75% over 400 games: ±(400 log10 3)/2 around the mean, the interval as the
        // score's standard error gives it (Elo's derivative times 1.96·sqrt(p(1-p)/n)).
        let r = ratings(&names(2), &[(0, 1, 300.0, 400.0)]);
        let gap = r[0].elo - r[1].elo;
        assert!((gap - 400.0 * 3f64.log10()).abs() < 0.5, "{gap}");
        assert!((r[0].elo + r[1].elo).abs() < 1e-9);
        let se_gap = 1.96 * (0.75f64 * 0.25 / 400.0).sqrt() * 400.0
            / (std::f64::consts::LN_10 * 0.75 * 0.25);
        assert!(
            (2.0 * r[0].error - se_gap).abs() / se_gap < 0.01,
            "{} vs {se_gap}",
            r[0].error
        );
        assert_eq!((r[0].games, r[0].points), (400.0, 300.0));
    }

    #[test]
    fn a_consistent_round_robin_is_recovered() {
        // Expected scores of players 0, 200, 400 Elo played out in large numbers.
        let truth = [0.0, 200.0, 400.0];
        let mut results = Vec::new();
        for i in 0..3 {
            for j in i + 1..3 {
                let p = 1.0 / (1.0 + 10f64.powf((truth[j] - truth[i]) / 400.0));
                results.push((i, j, p * 10_000.0, 10_000.0));
            }
        }
        let r = ratings(&names(3), &results);
        for i in 0..3 {
            assert!(((r[i].elo - r[0].elo) - truth[i]).abs() < 0.5, "{r:?}");
        }
        // A perfect score stays finite.
        let r = ratings(&names(2), &[(0, 1, 10.0, 10.0)]);
        assert!(r[0].elo.is_finite() && r[0].elo > 500.0, "{r:?}");
    }
}
