//! Reversi's game records: GGF, which NBoard, the Generic Game Server and most Othello
//! programs read.

use crate::game::record::{GameRecord, ReadGame, Termination};
use crate::game::rules::Side;

/// The record of one game in GGF, the Generic Game Format of the Generic Game Server that
/// NBoard and most Othello programs read (`BO[8 ... *]`, `B[f5]W[d6]`, `PA` a pass, `RE`
/// Black's margin).
pub(super) fn ggf(r: &GameRecord) -> String {
    let margin = r.margin.unwrap_or(0);
    let result = match r.termination {
        Termination::TimeForfeit => match r.winner == Some(Side::First) {
            true => "+64.000:t".to_string(),
            false => "-64.000:t".to_string(),
        },
        _ => format!("{margin:+}.000").replace("+0.000", "0.000"),
    };
    // GGF's date: 2026.11.24_09:08:00.UTC.
    let date = format!(
        "{}_{}.UTC",
        r.pgn_date(),
        r.time_of_day().unwrap_or("00:00:00")
    );
    // The clocks: TI when both sides had the same, else TB and TW; none without clocks.
    let clocks = match r.clocks {
        [Some(b), Some(w)] if b == w => format!("TI[{}]", b.ggf()),
        [b, w] => {
            let mut t = String::new();
            if let Some(b) = b {
                t.push_str(&format!("TB[{}]", b.ggf()));
            }
            if let Some(w) = w {
                t.push_str(&format!("TW[{}]", w.ggf()));
            }
            t
        }
    };
    let mut out = format!(
        "(;GM[Othello]PC[nodeprof]DT[{date}]PB[{}]PW[{}]RE[{result}]{clocks}TY[8]BO[8 {}]",
        ggf_text(r.name(Side::First)),
        ggf_text(r.name(Side::Second)),
        ggf_board(r.start)
    );
    for (i, (side, mv)) in r.moves.iter().enumerate() {
        let colour = if *side == Side::First { 'B' } else { 'W' };
        let mv = if *mv == "pass" { "PA" } else { mv };
        // GGF's move/eval/time: the mover's score in discs, its seconds.
        let note = match r.notes.get(i) {
            Some(n) => format!(
                "/{}/{:.3}",
                n.score.map_or(String::new(), |s| format!("{s}")),
                n.time_ns as f64 / 1e9
            ),
            None => String::new(),
        };
        out.push_str(&format!("{colour}[{mv}{note}]"));
    }
    out.push_str(";)\n");
    out
}

/// `text` as a GGF property's value: `]` and `\\` escaped, line breaks as spaces (a name
/// cannot close its property and forge another, such as a result).
fn ggf_text(text: &str) -> String {
    crate::game::record::escape_text(text, &[']', '\\'])
}

/// An obf position (`board side`, X black, O white) as GGF's board: eight rows of `*`, `O`
/// and `-`, then the side to move.
fn ggf_board(obf: &str) -> String {
    let (board, side) = obf.split_once(' ').unwrap_or((obf, "X"));
    let cells: String = board
        .chars()
        .map(|c| match c {
            'X' | 'x' | '*' => '*',
            'O' | 'o' => 'O',
            _ => '-',
        })
        .collect();
    let rows: Vec<&str> = (0..8).filter_map(|r| cells.get(r * 8..r * 8 + 8)).collect();
    let side = if side.starts_with(['O', 'o', 'W', 'w']) {
        'O'
    } else {
        '*'
    };
    format!("{} {side}", rows.join(" "))
}

pub(super) fn read_ggf(text: &str) -> Result<Vec<ReadGame>, String> {
    let mut games = Vec::new();
    for record in text.split("(;").skip(1) {
        let mut start = None;
        let mut moves = Vec::new();
        let mut rest = record;
        while let Some(open) = rest.find('[') {
            let key = rest[..open].trim_start_matches(';').trim();
            let close = rest[open..]
                .find(']')
                .ok_or_else(|| format!("unclosed property {key}"))?
                + open;
            let value = &rest[open + 1..close];
            match key {
                "BO" => start = Some(read_board(value)?),
                "B" | "W" => moves.push(value.split('/').next().unwrap_or("").to_string()),
                _ => {}
            }
            rest = &rest[close + 1..];
        }
        games.push(ReadGame {
            start: start.ok_or("a GGF game without BO[]")?,
            moves,
        });
    }
    Ok(games)
}

/// A GGF board (`BO[8 rows... side]`) as nodeprof's position text: the squares after the
/// size, written as one run of 64 (as NBoard sends them) or in rows with spaces between (as
/// GGS writes them), then the side to move (`*` black, `O` white).
fn read_board(value: &str) -> Result<String, String> {
    let mut fields = value.split_whitespace();
    let size = fields.next().unwrap_or("");
    if size != "8" {
        return Err(format!("BO[{value}]: a board of size '{size}', not 8"));
    }
    let mut board = String::with_capacity(64);
    for field in fields.by_ref() {
        board.push_str(field);
        if board.chars().count() >= 64 {
            break;
        }
    }
    let side = fields.next();
    let (squares, extra) = (board.chars().count(), fields.next());
    if squares != 64 || extra.is_some() || !matches!(side, Some("*" | "O")) {
        return Err(format!(
            "BO[{value}]: expected the size 8, 64 squares and the side to move (* or O)"
        ));
    }
    let board: String = board
        .chars()
        .map(|c| match c {
            '*' | 'X' | 'x' | 'B' | 'b' => 'X',
            'O' | 'o' | 'W' | 'w' => 'O',
            _ => '-',
        })
        .collect();
    let side = if side == Some("O") { "O" } else { "X" };
    Ok(format!("{board} {side}"))
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_board_reads_as_one_run_or_in_rows() {
        let start = "---------------------------O*------*O---------------------------";
        let expected = format!("{} X", start.replace('*', "X"));
        assert_eq!(
            super::read_board(&format!("8 {start} *")).unwrap(),
            expected
        );
        let rows: Vec<&str> = (0..8).map(|r| &start[r * 8..r * 8 + 8]).collect();
        let in_rows = format!("8 {} *", rows.join(" "));
        assert_eq!(super::read_board(&in_rows).unwrap(), expected);
        assert!(super::read_board(&format!("8 {start}")).is_err(), "no side");
        assert!(
            super::read_board(&format!("8 {start}- *")).is_err(),
            "65 squares"
        );
        assert!(super::read_board(&format!("10 {start} *")).is_err());
    }

    #[test]
    fn a_name_cannot_close_its_property_and_forge_a_result() {
        assert_eq!(super::ggf_text("x]RE[+64.000]C["), r"x\]RE[+64.000\]C[");
        assert_eq!(super::ggf_text("a\\b\nc"), r"a\\b c");
    }
}
