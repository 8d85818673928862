//! Cross-tables printed the way R prints a wide `xtabs`: a line with the column variable, a
//! line with the row variable and the column labels, then one line per row label (indented by
//! two spaces); numbers right-aligned under their labels. Columns that do not fit the width are
//! printed in further blocks, repeating both header lines and the row labels.

use super::tables::Grid;

/// A cell as text: counts without decimals, other values with three, `NA` for no value.
pub fn cell_text(value: Option<f64>, integer: bool) -> String {
    match value {
        None => "NA".into(),
        Some(v) if integer => format!("{v:.0}"),
        Some(v) => format!("{v:.3}"),
    }
}

/// The table as R prints it at `width` characters a line.
pub fn render(grid: &Grid, width: usize) -> String {
    let labels: Vec<String> = grid.rows.iter().map(|r| format!("  {r}")).collect();
    let label_width = labels
        .iter()
        .map(String::len)
        .chain([grid.row_var.len()])
        .max()
        .unwrap_or(0);
    let cells: Vec<Vec<String>> = grid
        .cells
        .iter()
        .map(|row| row.iter().map(|&v| cell_text(v, grid.integer)).collect())
        .collect();
    let col_width: Vec<usize> = (0..grid.cols.len())
        .map(|j| {
            cells
                .iter()
                .map(|row| row[j].len())
                .chain([grid.cols[j].len()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    let mut start = 0;
    loop {
        // As many columns as fit, and at least one.
        let mut end = start;
        let mut line = label_width;
        while end < grid.cols.len() && (end == start || line + 1 + col_width[end] <= width) {
            line += 1 + col_width[end];
            end += 1;
        }
        out.push_str(&format!("{:label_width$}{}\n", "", grid.col_var));
        out.push_str(&format!("{:<label_width$}", grid.row_var));
        let widths = &col_width[start..end];
        for (title, w) in grid.cols[start..end].iter().zip(widths) {
            out.push_str(&format!(" {title:>w$}"));
        }
        out.push('\n');
        for (label, row) in labels.iter().zip(&cells) {
            out.push_str(&format!("{label:<label_width$}"));
            for (cell, w) in row[start..end].iter().zip(widths) {
                out.push_str(&format!(" {cell:>w$}"));
            }
            out.push('\n');
        }
        start = end;
        if start >= grid.cols.len() {
            break;
        }
        out.push('\n');
    }
    out
}

/// `12345678` as `12,345,678`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `n` and the word counted, in the plural unless one: "1 position", "2 positions",
/// "3 matches".
pub fn count(n: usize, word: &str) -> String {
    let ending = match (n, word.ends_with("ch") || word.ends_with('s')) {
        (1, _) => "",
        (_, true) => "es",
        (_, false) => "s",
    };
    format!("{n} {word}{ending}")
}

/// User text (a name, an error message) made safe for Markdown: on one line, with the
/// characters Markdown or a renderer's HTML would read as code escaped (CommonMark's
/// backslash escapes), so that it shows as written.
pub fn md_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let chars: Vec<char> = text.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        // An underscore inside a word emphasises nothing (`ffo_40`, `pvs_end` stay as they are).
        let inside_word = |at: usize| {
            let word = |j: Option<usize>| {
                j.and_then(|j| chars.get(j))
                    .is_some_and(|c| c.is_alphanumeric())
            };
            word(at.checked_sub(1)) && word(Some(at + 1))
        };
        match c {
            '\n' | '\r' | '\t' => out.push(' '),
            '_' if inside_word(i) => out.push(c),
            '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '|' | '#' | '&' | '!' | '~' => {
                out.push('\\');
                out.push(c);
            }
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// The line a merged folder's summary ends with: the shards its rows come from and the
/// host of each (from its `meta.json`), and a warning when they come from several hosts
/// (times compare only within one). None for a folder that is not a merge.
pub fn merged_line(dir: &std::path::Path) -> Option<String> {
    let shards = crate::store::meta::merged_shards(dir)?;
    let mut hosts: Vec<&str> = Vec::new();
    for (_, host) in &shards {
        if !hosts.contains(&host.as_str()) {
            hosts.push(host);
        }
    }
    let parts: Vec<String> = shards
        .iter()
        .map(|(shard, host)| format!("{shard} on {}", md_escape(host)))
        .collect();
    let mut line = format!(
        "\nMerged from {} shards ({}).",
        shards.len(),
        parts.join(", ")
    );
    if hosts.len() > 1 {
        let hosts: Vec<String> = hosts.iter().map(|h| md_escape(h)).collect();
        line.push_str(&format!(
            " **The times come from {} hosts ({}): compare times only within a host (hosts.csv names each case's); the counts do not depend on the machine.**",
            hosts.len(),
            hosts.join(", ")
        ));
    }
    line.push('\n');
    Some(line)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(cols: usize) -> Grid {
        Grid {
            row_var: "name".into(),
            col_var: "test".into(),
            rows: vec!["negamax2".into(), "negaalpha2".into()],
            cols: (0..cols).map(|i| format!("end{}.pos", 40 + i)).collect(),
            cells: vec![vec![Some(30.0); cols], vec![Some(13.0); cols]],
            integer: true,
        }
    }

    #[test]
    fn prints_like_r() {
        let mut g = grid(2);
        g.cols[1] = "end43.pos".into();
        g.cells = vec![vec![Some(30.0), Some(84.0)], vec![Some(13.0), None]];
        let expected = "            test\n\
                        name         end40.pos end43.pos\n  \
                        negamax2          30        84\n  \
                        negaalpha2        13        NA\n";
        assert_eq!(render(&g, 80), expected);
    }

    #[test]
    fn wide_tables_come_in_blocks_with_labels_repeated() {
        let text = render(&grid(20), 80);
        let blocks: Vec<&str> = text.split("\n\n").collect();
        // 12 characters of labels, then 10 a column: 6 columns fit in 80.
        assert_eq!(blocks.len(), 4);
        for block in &blocks {
            let lines: Vec<&str> = block.lines().collect();
            assert_eq!(lines[0].trim(), "test");
            assert!(lines[1].starts_with("name "));
            assert!(lines[2].starts_with("  negamax2"));
            assert!(lines.iter().all(|l| l.len() <= 80));
        }
        assert!(blocks[0].lines().nth(1).unwrap().ends_with("end45.pos"));
        assert!(blocks[3].lines().nth(1).unwrap().ends_with("end59.pos"));
    }

    #[test]
    fn user_text_shows_as_written_in_markdown() {
        assert_eq!(md_escape("plain text 1.5"), "plain text 1.5");
        assert_eq!(md_escape("ffo_40 _x_"), "ffo_40 \\_x\\_");
        assert_eq!(count(1, "position"), "1 position");
        assert_eq!(count(0, "position"), "0 positions");
        assert_eq!(count(3, "match"), "3 matches");
        assert_eq!(
            md_escape("<img src=x onerror=alert(1)> | *b* `c`\nnext"),
            "\\<img src=x onerror=alert(1)\\> \\| \\*b\\* \\`c\\` next"
        );
    }
}
