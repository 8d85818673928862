//! Each subcommand's `--help` examples (docs tests parse every one).

pub const COMPARE_EXAMPLES: &str = "Examples:\n  nodeprof compare reports/ffo-40-59 /tmp/new-sweep\n  nodeprof compare old/runs.csv new/runs.csv --format markdown --fail-on-change";
pub const PERFT_EXAMPLES: &str = "Examples:\n  nodeprof perft startpos --game reversi -d 8\n  nodeprof perft ataxx:start -d 5 --divide\n  nodeprof perft ffo:40 -d 4 --only";
pub const SEARCH_EXAMPLES: &str = "Examples:\n  nodeprof search ffo:40 -v negaalpha,transposition -d 2..6\n  nodeprof search ffo:40 -v negaalpha,transposition -d 2 --repeat 9 --warmup 2\n  nodeprof search ataxx:start -v pvs+tt+id -d 4";
pub const SOLVE_EXAMPLES: &str = "Examples:\n  nodeprof solve ffo:40..49\n  nodeprof solve ataxx:end --repeat 5\n  nodeprof solve ffo:1..19 -v pvs+tt:64 --time-limit 30s";
pub const VARIANTS_EXAMPLES: &str = "Examples:\n  nodeprof variants\n  nodeprof search ffo:41 -v alphabeta+tt+killer:2+history -d 6";
pub const SWEEP_EXAMPLES: &str = "Examples:\n  nodeprof sweep                                     FFO 40..59 into reports/ffo-40-59\n  nodeprof sweep ffo:40..44 -v negaalpha,pvs+tt+id -d 2..8 --repeat 5 -o reports/mine\n  nodeprof sweep --exact                             the endgame ladder on FFO 1..19\n  nodeprof sweep ataxx:end -d end -o reports/ataxx-end --resume";
pub const REPORT_EXAMPLES: &str = "Examples:\n  nodeprof report reports/ffo-40-59 --print leaf --by depth\n  nodeprof report reports/ffo-40-59 -v negaalpha,pvs+tt+id -d 4..6 -o reports/two-variants";
pub const PLOT_EXAMPLES: &str = "Examples:\n  nodeprof plot reports/ffo-40-59 -m beta_cut\n  nodeprof plot reports/ffo-40-59 -m time_ms --x nodes -v negaalpha,transposition";
pub const PLAY_EXAMPLES: &str = "Examples:\n  nodeprof play alphabeta+tt+id greedy --game connect4 --movetime 150ms -n 100\n  nodeprof play alphabeta+id+tt@movetime=150ms alphabeta@depth=1 --game ataxx -n 400 --sprt elo0=0,elo1=50\n  nodeprof play negamax alphabeta random --game reversi --depth 2..4 -n 200\n  nodeprof play pvs+tt+id@nodes=50000 alphabeta@depth=3 --openings random:4 -j 2 --resume -o reports/mine";
pub const SPRT_EXAMPLES: &str = "Examples:\n  nodeprof sprt --wdl 222/212/0\n  nodeprof sprt --penta 13/37/50/25/3 --elo0 0 --elo1 4 --model normalized";
pub const BENCH_EXAMPLES: &str = "Examples:\n  nodeprof bench\n  nodeprof bench positions/chess/profile24.epd -d 10 --engine name=sf cmd=stockfish option.Hash=16 option.Threads=1\n  nodeprof sweep ffo:1..19 --exact --shard 2/4 --signature $(nodeprof bench | tail -1 | cut -d' ' -f1) -o shards/2";
pub const MERGE_EXAMPLES: &str = "Examples:\n  nodeprof merge shards/1 shards/2 shards/3 shards/4 -o merged\n  nodeprof merge shards/* -o reports/ffo-1-19-exact";
pub const SHOW_EXAMPLES: &str =
    "Examples:\n  nodeprof show ffo:40\n  nodeprof show ataxx:end | head -20";
pub const ENGINE_EXAMPLES: &str = "Examples:\n  nodeprof engine --protocol uai -v pvs+tt+id\n  nodeprof engine --protocol nboard -v mtdf+tt+id --eval mobility\n  nodeprof sweep ataxx:end -d 1..4 --engine name=np cmd=nodeprof args=\"engine --protocol uai\" proto=uai";
