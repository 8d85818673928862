//! Results as programs read them, beside the text tables that stay the default
//! (`--format json|csv`, as hyperfine's exports and criterion's `estimates.json`):
//!
//! - JSON is one document, written when the command ends, that names its schema and the
//!   schema's version (`{"schema": "nodeprof-search", "version": 1, "nodeprof": "0.1.0",
//!   ...}`); docs/output.md documents each command's.
//! - CSV is a header and a row per result, each row written and flushed as it is made, so a
//!   pipe sees the rows of a long run as they come. Where the rows are searches they are
//!   `runs.csv`'s rows, column for column.
//!
//! What a command says to people along the way (a solve's progress, a note) goes to
//! standard error whatever the format, so standard output is the document alone.

use std::io::{self, Write};

use clap::ValueEnum;
use serde::{Deserialize, Serialize};

/// How a command prints its results.
#[derive(ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// Aligned tables for people
    #[default]
    Text,
    /// One JSON document at the end (its schema in docs/output.md)
    Json,
    /// A header, then a row per result as each is made
    Csv,
}

/// The version of every command's JSON schema: raised when a field changes its meaning or
/// goes (new fields may be added within a version).
pub const VERSION: u32 = 1;

/// A JSON document: which schema and version it follows, the build that wrote it, and the
/// command's own fields.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Document<B> {
    /// `nodeprof-<command>`.
    pub schema: String,
    pub version: u32,
    /// The version of nodeprof that wrote it.
    pub nodeprof: String,
    #[serde(flatten)]
    pub body: B,
}

impl<B> Document<B> {
    pub fn new(command: &str, body: B) -> Document<B> {
        Document {
            schema: schema_name(command),
            version: VERSION,
            nodeprof: crate::provenance::VERSION.to_string(),
            body,
        }
    }
}

/// The schema name of `command`'s documents.
pub fn schema_name(command: &str) -> String {
    format!("nodeprof-{command}")
}

/// Writes `command`'s document (indented, ending with a newline).
pub fn write_json<B: Serialize>(
    out: &mut (impl Write + ?Sized),
    command: &str,
    body: B,
) -> io::Result<()> {
    serde_json::to_writer_pretty(&mut *out, &Document::new(command, body))?;
    writeln!(out)?;
    out.flush()
}

/// A command's output in the form asked for: its text tables, CSV rows written as each
/// comes (the header with the first), or JSON's rows kept for the document that
/// [`Output::finish`] writes.
pub struct Output<'a> {
    format: Format,
    out: &'a mut dyn Write,
    sink: io::Sink,
    header_written: bool,
    rows: Vec<serde_json::Value>,
}

impl<'a> Output<'a> {
    pub fn new(format: Format, out: &'a mut dyn Write) -> Output<'a> {
        Output {
            format,
            out,
            sink: io::sink(),
            header_written: false,
            rows: Vec::new(),
        }
    }

    pub fn format(&self) -> Format {
        self.format
    }

    /// Where the text tables go: standard output in text, nowhere in the data formats.
    pub fn text(&mut self) -> &mut dyn Write {
        match self.format {
            Format::Text => &mut *self.out,
            _ => &mut self.sink,
        }
    }

    /// Adds a row: a CSV line now, or kept for the JSON document; nothing in text.
    pub fn row(&mut self, row: &impl Row) -> io::Result<()> {
        match self.format {
            Format::Csv => {
                self.out.write_all(&row.csv_line(!self.header_written)?)?;
                self.header_written = true;
                self.out.flush()
            }
            Format::Json => {
                self.rows.push(row.json());
                Ok(())
            }
            Format::Text => Ok(()),
        }
    }

    /// Ends the output: in JSON, `command`'s document with its rows and the fields of
    /// `more` (a struct, or `()` for none).
    pub fn finish(self, command: &str, more: impl Serialize) -> io::Result<()> {
        if self.format != Format::Json {
            return self.out.flush();
        }
        let mut body = serde_json::Map::new();
        body.insert("rows".into(), self.rows.into());
        if let serde_json::Value::Object(fields) = serde_json::to_value(more)? {
            body.extend(fields);
        }
        write_json(self.out, command, body)
    }
}

/// A row of `--format csv` and of a JSON document's `rows`. In CSV a text cell that a
/// spreadsheet would read as a formula is written behind a `'` (the rule of `runs.csv`,
/// `store::cell`); JSON has the texts as they are.
pub trait Row: Serialize {
    /// The row as one CSV line (with the header line before it when `header`).
    fn csv_line(&self, header: bool) -> io::Result<Vec<u8>> {
        guarded_line(self, header)
    }

    fn json(&self) -> serde_json::Value {
        serde_json::to_value(self).expect("a row is plain data")
    }
}

impl Row for crate::store::Record {
    /// `runs.csv`'s own row: its text cells are guarded by its fields' serialisers.
    fn csv_line(&self, header: bool) -> io::Result<Vec<u8>> {
        plain_line(self, header)
    }

    fn json(&self) -> serde_json::Value {
        self.to_json()
    }
}

/// One row as CSV, as serde gives it (with the header line before it when `header`).
fn plain_line<R: Serialize + ?Sized>(row: &R, header: bool) -> io::Result<Vec<u8>> {
    let mut writer = csv::WriterBuilder::new()
        .has_headers(header)
        .from_writer(Vec::new());
    writer.serialize(row)?;
    writer.into_inner().map_err(|e| e.into_error())
}

/// One row as CSV with every text field guarded: the row is written plainly, and each cell
/// whose field is a text (as JSON types it) is escaped; numbers, booleans and empty cells
/// are left as they are.
fn guarded_line<R: Serialize + ?Sized>(row: &R, header: bool) -> io::Result<Vec<u8>> {
    let typed = serde_json::to_value(row)?;
    let plain = plain_line(row, true)?;
    let mut lines = csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(plain.as_slice())
        .into_records();
    let (Some(names), Some(cells)) = (lines.next(), lines.next()) else {
        return Err(io::Error::other("a row of no fields"));
    };
    let (names, cells) = (names?, cells?);
    let guarded = names.iter().zip(cells.iter()).map(|(name, cell)| {
        match typed.get(name).is_some_and(serde_json::Value::is_string) {
            true => crate::store::cell::escape(cell),
            false => cell.into(),
        }
    });
    let mut writer = csv::Writer::from_writer(Vec::new());
    if header {
        writer.write_record(&names)?;
    }
    writer.write_record(guarded.map(|c| c.into_owned()))?;
    writer.into_inner().map_err(|e| e.into_error())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Serialize)]
    struct Line {
        name: &'static str,
        nodes: u64,
        score: Option<i32>,
    }

    impl Row for Line {}

    fn lines() -> [Line; 3] {
        [("a,b", 3, Some(-1)), ("c", 4, None), ("=1+2", 5, Some(-3))]
            .map(|(name, nodes, score)| Line { name, nodes, score })
    }

    #[test]
    fn csv_rows_come_one_line_each_with_the_header_first_and_texts_guarded() {
        let mut out = Vec::new();
        let mut output = Output::new(Format::Csv, &mut out);
        writeln!(output.text(), "a table for people").unwrap();
        for line in lines() {
            output.row(&line).unwrap();
        }
        output.finish("x", ()).unwrap();
        // A text cell is guarded against formulas; a negative number is not a text.
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "name,nodes,score\n\"a,b\",3,-1\nc,4,\n'=1+2,5,-3\n"
        );
    }

    #[test]
    fn json_is_one_document_with_its_schema_rows_and_fields() {
        let mut out = Vec::new();
        let mut output = Output::new(Format::Json, &mut out);
        writeln!(output.text(), "a table for people").unwrap();
        for line in lines() {
            output.row(&line).unwrap();
        }
        output
            .finish("x", serde_json::json!({"total": 12}))
            .unwrap();
        let doc: Document<serde_json::Value> = serde_json::from_slice(&out).unwrap();
        assert_eq!((doc.schema.as_str(), doc.version), ("nodeprof-x", VERSION));
        assert_eq!(doc.body["rows"][2]["name"], "=1+2");
        assert_eq!(doc.body["rows"][1]["score"], serde_json::Value::Null);
        assert_eq!(doc.body["total"], 12);
        let mut out = Vec::new();
        let mut output = Output::new(Format::Text, &mut out);
        writeln!(output.text(), "a table for people").unwrap();
        output.row(&lines()[0]).unwrap();
        output.finish("x", ()).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "a table for people\n");
    }
}
