//! `nodeprof ab BASE DEV`: base against dev as OpenBench runs a test, in one command. Each
//! side's node signature is a sweep of the positions with repeats (`DIR/base`, `DIR/dev`);
//! their counts and time to depth are compared case by case (the time verdict by the
//! bootstrap interval); with `--play`, a match between them (`DIR/match`). One report,
//! `DIR/summary.md` and `DIR/report.html`, says all three, and the exit code is 1 when dev
//! is worse: the match's SPRT accepted H0, or without a match, dev is slower.

use std::fmt::Write as _;
use std::io::Write;
use std::path::{Path, PathBuf};

use super::ab_builds::side_program;
use super::ab_plan::{is_engine, match_args, Side, SweepPlan};
use super::ab_report::Timed;
use super::ab_timing::{Plan, Session, SideProgram, Timing};
use super::outcome::Outcome;
use super::play::MatchLine;
use crate::cli::{AbArgs, TimeMetric};
use crate::error::Error;
use crate::report::compare::{compare_by, Comparison};
use crate::report::compare_stats::TimeTest;
use crate::report::compare_text::{sections, Format};
use crate::search::depth_label;
use crate::stats::paired::SLOWER;
use crate::store::{read_runs, Record, RUNS_FILE};

/// The sweep of one side into `dir`, by `program` (`None`: this build, in this process),
/// `repeat` timed runs a search.
fn signature(
    plan: &SweepPlan<'_>,
    program: Option<&Path>,
    repeat: u32,
    dir: &Path,
) -> Result<(), Error> {
    match program {
        None => {
            super::sweep::command(plan.sweep_args(repeat, dir)?, &mut std::io::sink()).map(drop)
        }
        Some(program) => run_build(program, &plan.sweep_words(repeat, dir)),
    }
}

/// Runs another build of nodeprof with `argv` to its end: an error with its last words if
/// it fails.
fn run_build(program: &Path, argv: &[String]) -> Result<(), Error> {
    let output = std::process::Command::new(program)
        .args(argv)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .output()?;
    match output.status.success() {
        true => Ok(()),
        false => Err(Error::Usage(format!(
            "{} {} failed ({}): {}",
            program.display(),
            argv.first().map_or("", String::as_str),
            output.status,
            String::from_utf8_lossy(&output.stderr).trim()
        ))),
    }
}

/// Both sides' rows and the cases they failed, as (side, case and status).
type Sides = ([Vec<Record>; 2], Vec<(&'static str, String)>);

/// Each side's rows, read once: the cases it failed (rows whose status is not `ok`: an
/// error, a time-out), then its rows under one name, so that base's and dev's cases pair
/// by position and depth.
fn read_sides(dirs: [&Path; 2]) -> Result<Sides, Error> {
    let mut failed = Vec::new();
    let mut read = |side: &'static str, dir: &Path| -> Result<Vec<Record>, Error> {
        let mut rows = read_runs(&dir.join(RUNS_FILE))?;
        for r in rows.iter().filter(|r| !r.status.is_ok()) {
            let case = format!("{} {} depth {}: {}", r.position, r.name, r.depth, r.status);
            failed.push((side, case));
        }
        crate::report::compare::pair_as(&mut rows, "base → dev");
        Ok(rows)
    };
    let rows = [read("base", dirs[0])?, read("dev", dirs[1])?];
    Ok((rows, failed))
}

/// The match, DEV against BASE, with `options`: its result.
fn play(args: &AbArgs, sides: &[Side; 2], options: &str, dir: &Path) -> Result<MatchLine, Error> {
    // The match is of the positions' game (the first's, as sweep detects it).
    let game = match args.game.game {
        Some(game) => game,
        None => crate::position::load(&args.positions, None)?
            .first()
            .map_or(crate::game::GameKind::DEFAULT, |c| c.position.kind()),
    };
    let play = match_args([&sides[1], &sides[0]], options, game, dir)?;
    let played = super::play::play_all(play)?;
    played
        .summary
        .matches
        .first()
        .map(MatchLine::from)
        .ok_or_else(|| Error::Usage("the match played no game".into()))
}

/// Each side's build: another binary (`--*-bin`, `--*-rev`) or this one (`None`), and its
/// commit where built from a revision.
struct Builds {
    programs: [Option<PathBuf>; 2],
    commits: [Option<String>; 2],
}

fn builds(args: &AbArgs, sides: &[Side; 2]) -> Result<Builds, Error> {
    let mut builds = Builds {
        programs: [None, None],
        commits: [None, None],
    };
    let asked = [
        (args.base_rev.as_deref(), args.base_bin.as_deref()),
        (args.dev_rev.as_deref(), args.dev_bin.as_deref()),
    ];
    for (i, (rev, bin)) in asked.into_iter().enumerate() {
        if rev.is_some() || bin.is_some() {
            let (program, commit) = side_program(rev, bin)?;
            builds.programs[i] = Some(program);
            builds.commits[i] = commit;
        }
    }
    if builds.programs.iter().any(Option::is_some) && sides.iter().any(|s| s.is_engine()) {
        return Err(Error::Usage(
            "--base-rev, --dev-rev, --base-bin and --dev-bin build nodeprof's variants: an engine side has its own program".into(),
        ));
    }
    Ok(builds)
}

/// `nodeprof ab`.
pub fn command(args: AbArgs, out: &mut impl Write) -> Result<Outcome, Error> {
    let dir = args.out.clone();
    let _lock = crate::store::lock(&dir)?;
    refuse_other_results(&dir, args.force)?;
    let sides = [Side::parse(&args.base)?, Side::parse(&args.dev)?];
    let builds = builds(&args, &sides)?;
    let paired = !sides.iter().any(|s| s.is_engine());
    // Paired timing times the searches: the signatures need one run each.
    let repeat = if paired { 1 } else { args.repeat };
    let (base_dir, dev_dir) = (dir.join("base"), dir.join("dev"));
    for (i, side_dir) in [&base_dir, &dev_dir].into_iter().enumerate() {
        let plan = SweepPlan::of(&args, &sides[i]);
        signature(&plan, builds.programs[i].as_deref(), repeat, side_dir)?;
    }
    let test = TimeTest {
        noise_threshold: args.noise_threshold,
        confidence: args.confidence_level,
        // An engine side's times are its own reports, one block after the other: unpaired.
        drift: match paired {
            true => 0.0,
            false => crate::report::compare_stats::DEFAULT_DRIFT,
        },
    };
    let ([base_rows, dev_rows], failed) = read_sides([&base_dir, &dev_dir])?;
    let mut comparison = compare_by(&base_rows, &dev_rows, test);
    comparison.context = crate::report::compare_context::context_of(
        &base_dir.join(RUNS_FILE),
        &dev_dir.join(RUNS_FILE),
    );
    // A side that failed a case is broken: no time or match is judged, and the run fails.
    let judged = failed.is_empty();
    let timed = match paired && judged {
        true => Some(time_pairs(&args, &sides, &builds, &dir)?),
        false => None,
    };
    let played = match (&args.play, judged) {
        (Some(options), true) => Some(play(&args, &sides, options, &dir.join("match"))?),
        _ => None,
    };
    let worse = match &timed {
        _ if !judged => Some(super::ab_report::failed_words(&failed)),
        Some(t) => paired_verdict(t, played.as_ref()),
        None => verdict(&comparison, played.as_ref(), &test),
    };
    let summary = summary(
        &args,
        &comparison,
        (played.as_ref(), timed.as_ref()),
        (worse.as_deref(), &failed),
        provenance(&sides, &builds).as_deref(),
    );
    let path = dir.join("summary.md");
    crate::store::replace(&path, summary.as_bytes())?;
    let page = crate::report::html::write_page(&dir, &[])?;
    out.write_all(summary.as_bytes())?;
    writeln!(out, "\n{}\n{}", path.display(), page.display())?;
    Ok(match worse {
        Some(_) => Outcome::Failure,
        None => Outcome::Success,
    })
}

/// The files a sweep, a play or a merge writes at the top of its folder and `ab` does not
/// (its sweeps and match go to `base/`, `dev/` and `match/`).
const OTHER_RESULTS: [&str; 3] = ["runs.csv", "games.csv", "meta.json"];

/// Refuses, without `force`, a folder holding another command's results: `ab` would
/// replace their summary.md and report.html.
fn refuse_other_results(dir: &Path, force: bool) -> Result<(), Error> {
    match OTHER_RESULTS
        .iter()
        .map(|f| dir.join(f))
        .find(|p| p.exists())
    {
        Some(path) if !force => Err(crate::error::StoreError::OtherPlan {
            path,
            difference: "another command's results, whose summary.md and report.html ab \
                         would replace"
                .into(),
        }
        .into()),
        _ => Ok(()),
    }
}

/// Which builds searched the sides; none where both sides are external engines (their
/// commands head the page).
fn provenance(sides: &[Side; 2], builds: &Builds) -> Option<String> {
    let engines = [sides[0].is_engine(), sides[1].is_engine()];
    if engines == [true, true] {
        return None;
    }
    let side = |i: usize| match (engines[i], &builds.programs[i], &builds.commits[i]) {
        (true, _, _) => "an external engine".to_string(),
        (_, _, Some(commit)) => format!("the build of commit {}", &commit[..commit.len().min(12)]),
        (_, Some(program), None) => format!("`{}`", program.display()),
        (_, None, None) => "this build".to_string(),
    };
    Some(format!("Base: {}; dev: {}.\n", side(0), side(1)))
}

/// The paired timing: the first batch of rounds, and where it finds dev slower at some
/// depth, a second batch to replicate it.
fn time_pairs(
    args: &AbArgs,
    sides: &[Side; 2],
    builds: &Builds,
    dir: &Path,
) -> Result<Timed, Error> {
    let this = std::env::current_exe()?;
    let sides: Vec<SideProgram> = (0..2)
        .map(|i| {
            let mut words = SweepPlan::of(args, &sides[i]).words();
            words.push("-q".into());
            SideProgram {
                name: ["base", "dev"][i],
                program: builds.programs[i].clone().unwrap_or_else(|| this.clone()),
                args: words,
            }
        })
        .collect();
    let plan = Plan {
        rounds: args.repeat,
        sample_time: args.sample_time,
    };
    let mut session = Session::start([&sides[0], &sides[1]], dir, plan)?;
    if args.metric == TimeMetric::Instructions {
        if let Some(why) = session.timing().counters.iter().flatten().next() {
            return Err(Error::Usage(format!("--metric instructions: {why}")));
        }
    }
    session.batch(1, args.repeat)?;
    let judge = |t: &Timing, batch| {
        t.judge(
            batch,
            args.metric,
            args.confidence_level,
            args.noise_threshold,
        )
    };
    let first = judge(session.timing(), 1);
    let replicate = first.iter().any(|g| g.judged.verdict == SLOWER);
    if replicate {
        session.batch(2, args.repeat)?;
    }
    let timing = session.finish();
    let second = replicate.then(|| judge(&timing, 2));
    Ok(Timed {
        metric: args.metric,
        rounds: args.repeat,
        sample_time: args.sample_time,
        noise_threshold: args.noise_threshold,
        confidence: args.confidence_level,
        first,
        second,
        timing,
    })
}

/// Why dev is worse by its paired timing or its match: a match's SPRT that accepted H0, or
/// a depth found slower in both batches of rounds.
fn paired_verdict(t: &Timed, played: Option<&MatchLine>) -> Option<String> {
    if let Some(m) = played {
        return (m.sprt.as_deref() == Some("H0"))
            .then(|| "the match's SPRT accepted H0 (dev is not the stronger)".to_string());
    }
    let replicated = t.replicated_slower();
    (!replicated.is_empty()).then(|| {
        format!(
            "slower {} in {}, found in both batches of paired rounds",
            super::ab_report::groups_words(&replicated),
            t.metric.name()
        )
    })
}

/// Why dev is worse without paired timing (an engine side), if it is: the match's SPRT
/// accepted H0, or without a match, dev's time to depth is slower (beyond the noise
/// threshold, unpaired) at some depth.
fn verdict(c: &Comparison, played: Option<&MatchLine>, test: &TimeTest) -> Option<String> {
    if let Some(m) = played {
        return (m.sprt.as_deref() == Some("H0"))
            .then(|| "the match's SPRT accepted H0 (dev is not the stronger)".to_string());
    }
    let slower: Vec<String> = c
        .rows
        .iter()
        .filter(|r| r.time_change(test) == "slower")
        .map(|r| r.depth.clone())
        .collect();
    (!slower.is_empty()).then(|| format!("slower to depth {}", slower.join(", ")))
}

/// How the searches were timed: nodeprof's own variants `--repeat` times; an engine once,
/// by the time it reports (so an engine side has no time interval).
fn timing(args: &AbArgs) -> String {
    match [&args.base, &args.dev].map(|s| is_engine(s)) {
        [false, false] => format!("{} timed runs a search", args.repeat),
        [true, true] => "each engine searched once, timed as it reports (so no time interval)".into(),
        _ => format!(
            "the variant's searches timed {} times, the engine's once as it reports (so no time interval)",
            args.repeat
        ),
    }
}

/// The report: the two signatures, the comparison, the match and the verdict.
fn summary(
    args: &AbArgs,
    c: &Comparison,
    (played, timed): (Option<&MatchLine>, Option<&Timed>),
    (worse, failed): (Option<&str>, &[(&str, String)]),
    provenance: Option<&str>,
) -> String {
    let nodes = |new: bool| -> u64 {
        c.rows
            .iter()
            .map(|r| if new { r.new_nodes } else { r.old_nodes })
            .sum()
    };
    let mut md = format!("# {} against {}\n\n", args.dev, args.base);
    if let Some(line) = provenance {
        let _ = writeln!(md, "{line}");
    }
    let _ = writeln!(
        md,
        "Node signature over {} at depths {}..{}, {}: base {} nodes, dev {} nodes ({:.3}×).\n",
        args.positions.join(" "),
        depth_label(args.depth.from),
        depth_label(args.depth.to),
        match timed {
            Some(_) => "each search once, then timed in pairs".to_string(),
            None => timing(args),
        },
        nodes(false),
        nodes(true),
        nodes(true) as f64 / nodes(false).max(1) as f64
    );
    // Dev is meant to count differently: how many cases did is said, not each one. With
    // paired timing, the sweeps' single runs give no time verdict: the pairs do.
    let mut totals = Comparison {
        changes: Vec::new(),
        ..c.clone()
    };
    totals.context.withhold_times |= timed.is_some();
    let _ = writeln!(
        md,
        "## Counts and time to depth\n\n{} of {} cases counted differently (score, best move, line or counters; `nodeprof compare base dev` lists them).",
        c.changes.len(),
        c.rows.iter().map(|r| r.positions).sum::<usize>()
    );
    md.push_str(&sections(&totals, Format::Markdown, 3));
    if let Some(t) = timed {
        md.push_str(&super::ab_report::section(t));
    }
    if let Some(m) = played {
        let _ = writeln!(
            md,
            "\n## The match\n\n{}: {} games, {} - {} - {} (wins, losses, draws of {}), score {:.3}; Elo {}; SPRT {}.\n\nThe games are in `match/` ([its report](match/report.html)).",
            m.name,
            m.games,
            m.wins,
            m.losses,
            m.draws,
            m.first,
            m.score,
            m.elo
                .map_or("-".into(), |e| crate::stats::elo::elo_text(e, 1)),
            m.sprt.as_deref().unwrap_or("not run"),
        );
    }
    md.push_str(&super::ab_report::failures_section(failed));
    let _ = writeln!(
        md,
        "\n## Verdict\n\n{}\n\nThe sweeps are in `base/` and `dev/`, each with its own report ([base](base/report.html), [dev](dev/report.html)).",
        match worse {
            Some(why) if !failed.is_empty() => format!("A side failed (exit code 1): {why}."),
            Some(why) => format!("Dev is worse (exit code 1): {why}."),
            None => "Dev is not worse (exit code 0).".to_string(),
        }
    );
    md
}

#[cfg(test)]
mod tests {
    use super::{provenance, Builds, Side};

    fn sides(base: &str, dev: &str) -> [Side; 2] {
        [Side::parse(base).unwrap(), Side::parse(dev).unwrap()]
    }

    #[test]
    fn the_page_names_builds_only_for_sides_that_are_builds() {
        let none = Builds {
            programs: [None, None],
            commits: [None, None],
        };
        let engines = sides("cmd=toga2 name=t", "cmd=stockfish name=s");
        assert_eq!(provenance(&engines, &none), None);
        let mixed = sides("pvs+tt", "cmd=stockfish name=s");
        assert_eq!(
            provenance(&mixed, &none).as_deref(),
            Some("Base: this build; dev: an external engine.\n")
        );
    }
}
