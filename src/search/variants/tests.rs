//! The spec grammar: canonical printing, the literature's names, the classic profile, errors.

use super::*;

fn canon(spec: &str) -> String {
    spec.parse::<Variant>().unwrap().to_string()
}

#[test]
fn specs_print_back_canonically() {
    assert_eq!(canon("alphabeta+tt+killer:2"), "alphabeta+tt+killer:2");
    assert_eq!(canon("alphabeta+killer+tt"), "alphabeta+tt+killer:2");
    assert_eq!(canon("pvs+id+tt"), "pvs+tt+id");
    assert_eq!(canon("mtdf+tt+id"), "mtdf+tt+id");
    assert_eq!(canon("alphabeta+ttmove+ttcut"), "alphabeta+tt");
    assert_eq!(
        canon("alphabeta+ttcut:64+ttexact"),
        "alphabeta+ttcut:64+ttexact"
    );
    assert_eq!(canon("token"), "token");
    assert_eq!(canon("token:4"), "token:4");
    assert_eq!(canon("killer+tt"), "alphabeta+tt+killer:32");
    assert_eq!(
        canon("alphabeta+whiteview+fileorder+failhard"),
        "alphabeta+failhard+fileorder+whiteview"
    );
    for preset in PRESETS {
        let v: Variant = preset.spec.parse().unwrap();
        assert_eq!(canon(&v.to_string()), v.to_string(), "{}", preset.name);
        assert_eq!(preset.name.parse::<Variant>().unwrap(), v);
    }
}

#[test]
fn display_names_are_the_literatures() {
    let name = |s: &str| s.parse::<Variant>().unwrap().display_name();
    assert_eq!(name("negamax"), "negamax");
    assert_eq!(name("alphabeta"), "negaalpha");
    assert_eq!(name("alphabeta+killer:32"), "killer");
    assert_eq!(name("alphabeta+tt+killer:32"), "transposition_k");
    assert_eq!(name("alphabeta+tt+killer:2"), "alphabeta+tt+killer:2");
    assert_eq!(name("pvs+tt+id"), "pvs+tt+id");
    assert_eq!(name("pvs"), "negascout");
}

#[test]
fn the_classic_profile_adds_its_conventions_and_keeps_the_names() {
    let classic = |s: &str| s.parse::<Variant>().unwrap().classic2011();
    assert_eq!(
        classic("transposition_k").to_string(),
        "alphabeta+tt:64+ttclassic+killer:32+failhard+fileorder+whiteview"
    );
    assert_eq!(
        classic("negamax").to_string(),
        "negamax+fileorder+whiteview"
    );
    assert_eq!(classic("negamax").display_name(), "negamax");
    assert_eq!(classic("negaalpha").display_name(), "negaalpha");
    assert_eq!(classic("killer").row_label("6"), "killer6_32");
    assert_eq!(classic("transposition").row_label("6"), "transposition6");
    assert!(classic("pvs+tt+id").is_classic2011());
    assert!(!"alphabeta+fileorder+whiteview"
        .parse::<Variant>()
        .unwrap()
        .is_classic2011());
    // The default conventions keep their names and labels.
    let killer: Variant = "killer".parse().unwrap();
    assert_eq!(killer.row_label("4"), "killer4_32");
    assert_eq!(
        "alphabeta".parse::<Variant>().unwrap().row_label("4"),
        "negaalpha4"
    );
}

#[test]
fn bad_specs_say_what_is_accepted() {
    let cases = [
        ("", "empty variant"),
        (
            "negalpha",
            "unknown algorithm 'negalpha': did you mean 'negaalpha'?",
        ),
        (
            "pvs+kiler:2",
            "unknown enhancement '+kiler': did you mean '+killer'?",
        ),
        (
            "quicksearch",
            "unknown algorithm 'quicksearch': expected a base (negamax, bnb",
        ),
        (
            "alphabeta+turbo",
            "unknown enhancement '+turbo': expected one of tt[:MiB]",
        ),
        ("mtdf", "mtdf needs a table with cut-offs"),
        ("mtdf+ttmove", "mtdf needs a table with cut-offs"),
        ("alphabeta+asp", "add +id"),
        ("alphabeta+etc", "etc cuts on table entries"),
        ("negamax+killer", "move ordering"),
        ("negamax+id", "negamax takes no enhancements"),
        ("bnb+tt", "+tt does not apply"),
        ("token+id", "+id does not apply"),
        (
            "alphabeta+killer:0",
            "bad killer count '0', expected 1 to 64",
        ),
        ("alphabeta+tt:big", "bad table size (MiB) 'big'"),
        ("alphabeta+history+history", "+history is given twice"),
        ("alphabeta+id:3", "+id takes no argument"),
        ("alphabeta++tt", "empty enhancement"),
        ("pvs:3", "pvs takes no ':' argument"),
        ("alphabeta+ttexact", "needs a table first"),
    ];
    for (spec, expected) in cases {
        let err = spec.parse::<Variant>().unwrap_err().to_string();
        assert!(err.contains(expected), "{spec:?}: {err}");
        assert!(err.starts_with(&format!("bad variant '{spec}'")), "{err}");
    }
}
