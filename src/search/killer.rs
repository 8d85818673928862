//! Killer moves: per ply, the last K moves that caused a beta cut-off, most recent first.

use arrayvec::ArrayVec;

use super::variants::MAX_KILLERS;
use crate::game::GameMove;

pub struct Killers<M> {
    per_ply: Vec<ArrayVec<M, { MAX_KILLERS as usize }>>,
    count: usize,
}

impl<M: GameMove> Killers<M> {
    pub fn new(count: u32, plies: usize) -> Killers<M> {
        Killers {
            per_ply: vec![ArrayVec::new(); plies],
            count: count as usize,
        }
    }

    /// A cut-off by `mv` at `ply`: it goes to the front (moved there if already listed).
    pub fn record(&mut self, ply: usize, mv: M) {
        let list = &mut self.per_ply[ply];
        if let Some(i) = list.iter().position(|&m| m == mv) {
            list.remove(i);
        } else if list.len() == self.count {
            list.pop();
        }
        list.insert(0, mv);
    }

    /// Moves the killers of `ply` that are among `moves[start..]` to `moves[start..]`, in
    /// list order, keeping the others in their order. Returns where the others now start.
    pub fn bring_forward(&self, ply: usize, moves: &mut [M], start: usize) -> usize {
        let mut placed = start;
        for &killer in &self.per_ply[ply] {
            if let Some(j) = moves[placed..].iter().position(|&m| m == killer) {
                moves[placed..=placed + j].rotate_right(1);
                placed += 1;
            }
        }
        placed
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::TreeMove;

    fn m(i: u16) -> TreeMove {
        TreeMove::from_code(i)
    }

    #[test]
    fn most_recent_first_capped_at_k() {
        let mut k = Killers::new(2, 4);
        k.record(1, m(3));
        k.record(1, m(5));
        k.record(1, m(3));
        k.record(1, m(7));
        let mut moves = [m(0), m(3), m(5), m(7), m(9)];
        assert_eq!(k.bring_forward(1, &mut moves, 0), 2);
        assert_eq!(moves, [m(7), m(3), m(0), m(5), m(9)]);
        let mut untouched = [m(0), m(1)];
        assert_eq!(k.bring_forward(2, &mut untouched, 0), 0);
        assert_eq!(untouched, [m(0), m(1)]);
    }
}
