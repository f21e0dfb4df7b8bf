//! The ledger, check-in, collusion and blacklist commands through the
//! binary, as a director scripts them.

use serde_json::Value;
use std::process::{Command, Output};

struct Env {
    dir: tempfile::TempDir,
}

impl Env {
    fn new() -> Env {
        Env { dir: tempfile::tempdir().unwrap() }
    }

    fn file(&self) -> String {
        self.dir.path().join("e.bianpai").to_string_lossy().into_owned()
    }

    fn run(&self, args: &[&str]) -> Output {
        Command::new(env!("CARGO_BIN_EXE_bianpai"))
            .args(args)
            .env("BIANPAI_BLACKLIST", self.dir.path().join("blacklist.sqlite"))
            .env_remove("LC_ALL")
            .env("LANG", "C.UTF-8")
            .output()
            .unwrap()
    }

    fn ok(&self, args: &[&str]) -> String {
        let out = self.run(args);
        assert!(out.status.success(), "bianpai {args:?}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    }

    fn json(&self, args: &[&str]) -> Value {
        serde_json::from_str(&self.ok(args)).unwrap()
    }

    /// A lingting-cup event (10 元 forfeit fines) with six players, round 1 paired.
    fn event(&self, roster: &str) {
        let csv = self.dir.path().join("r.csv");
        std::fs::write(&csv, roster).unwrap();
        self.ok(&["new", &self.file(), "--preset", "lingting-cup", "--rounds", "5"]);
        self.ok(&["players", "import", &self.file(), &csv.to_string_lossy()]);
        self.ok(&["pair", &self.file(), "--seed", "1"]);
    }

    fn red_black(&self, board: u64) -> (u64, u64) {
        let p = self.json(&["pairings", &self.file(), "--json"]);
        let b = p["boards"].as_array().unwrap().iter().find(|b| b["board"] == board).unwrap().clone();
        (b["red"]["start_no"].as_u64().unwrap(), b["black"]["start_no"].as_u64().unwrap())
    }
}

const ROSTER: &str = "姓名,出生日期,电话\n张三,1990-01-01,13800000000\n李四,,\n王五,,\n赵六,,\n孙七,,\n周八,,\n";

fn account(ledger: &Value, start_no: u64) -> Value {
    ledger["accounts"].as_array().unwrap().iter().find(|a| a["start_no"] == start_no).unwrap().clone()
}

// a forfeit puts a 10 元 fine on the forfeiter's account; paying it settles it;
// excusing removes it; the ledger totals follow.
#[test]
fn forfeit_fines_are_paid_or_excused() {
    let env = Env::new();
    env.event(ROSTER);
    let f = env.file();
    let (red1, black1) = env.red_black(1);
    let (red2, _) = env.red_black(2);
    env.ok(&["result", &f, "--round", "1", "--board", "1", "-+"]);
    env.ok(&["result", &f, "--round", "1", "--board", "2", "--", "--"]);
    env.ok(&["result", &f, "--round", "1", "--board", "3", "1-0"]);
    let ledger = env.json(&["ledger", &f, "--json"]);
    assert_eq!(account(&ledger, red1)["fines_fen"], 1000, "the forfeiter is fined 10 元");
    assert_eq!(account(&ledger, black1)["fines_fen"], 0, "the winner by forfeit is not");
    assert_eq!(ledger["totals"]["fines_fen"], 3000, "a double forfeit fines both");

    env.ok(&["pay", &f, &red1.to_string(), "fine", "10", "--note", "微信"]);
    env.ok(&["excuse", &f, &red2.to_string(), "--round", "1", "--note", "赛前请假"]);
    let ledger = env.json(&["ledger", &f, "--json"]);
    assert_eq!(account(&ledger, red1)["fines_paid_fen"], 1000);
    assert_eq!(account(&ledger, red2)["fines_fen"], 0);
    assert_eq!(ledger["totals"]["fines_fen"], 2000);
    let kinds: Vec<&str> = ledger["entries"].as_array().unwrap().iter().map(|e| e["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["fine_paid", "fine_excused"]);

    env.ok(&["void", &f, "1"]);
    assert_eq!(account(&env.json(&["ledger", &f, "--json"]), red1)["fines_paid_fen"], 0);
    // Paying a fine the player does not owe is refused with a reason.
    let out = env.run(&["pay", &f, &black1.to_string(), "fine", "10"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no forfeit fine"));
    // A bad amount names itself.
    let out = env.run(&["pay", &f, "1", "fee", "10.005"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("10.005"));
}

// the check-in list shows who reported and the fee status (huaiyin: 5 元).
#[test]
fn check_in_list_shows_fees() {
    let env = Env::new();
    let f = env.file();
    let csv = env.dir.path().join("r.csv");
    std::fs::write(&csv, "姓名,出生日期,电话\n张三,1990-01-01,138\n李四,1991-01-01,139\n").unwrap();
    env.ok(&["new", &f, "--preset", "huaiyin-2022"]);
    env.ok(&["players", "import", &f, &csv.to_string_lossy(), "--group", "adult"]);
    env.ok(&["pay", &f, "1", "fee", "5"]);
    env.ok(&["checkin", &f, "1"]);
    let list = env.ok(&["checkin", &f, "--group", "adult", "--lang", "zh"]);
    let line = |name: &str| list.lines().find(|l| l.contains(name)).unwrap().to_string();
    assert!(line("张三").contains("已缴") && line("张三").contains('✓'), "{list}");
    assert!(line("李四").contains("欠 5 元") && !line("李四").contains('✓'), "{list}");
    assert!(list.contains("已签到 1 / 2"));
    let ledger = env.json(&["ledger", &f, "--group", "adult", "--json"]);
    assert_eq!(ledger["totals"]["fees_due_fen"], 1000);
    assert_eq!(ledger["totals"]["fees_paid_fen"], 500);
}

// R-4.4 (附二 B): collusion disqualifies both players of the game; neither is paired again.
#[test]
fn collusion_disqualifies_both() {
    let env = Env::new();
    env.event(ROSTER);
    let f = env.file();
    let (red, black) = env.red_black(2);
    env.ok(&["result", &f, "--round", "1", "--board", "1", "1-0"]);
    env.ok(&["result", &f, "--round", "1", "--board", "2", "1/2"]);
    env.ok(&["result", &f, "--round", "1", "--board", "3", "0-1"]);
    env.ok(&["collusion", &f, "--round", "1", "--board", "2", "--reason", "人情棋"]);
    let players = env.json(&["players", "list", &f, "--json"]);
    let status =
        |n: u64| players["players"].as_array().unwrap().iter().find(|p| p["start_no"] == n).unwrap()["status"].clone();
    assert_eq!((status(red), status(black)), ("disqualified".into(), "disqualified".into()));
    env.ok(&["pair", &f, "--seed", "2"]);
    let next = env.json(&["pairings", &f, "--json"]);
    let seated: Vec<u64> = next["boards"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|b| [b["red"]["start_no"].as_u64().unwrap(), b["black"]["start_no"].as_u64().unwrap()])
        .collect();
    assert!(!seated.contains(&red) && !seated.contains(&black), "{seated:?}");
}

// R-4.4 (附二 C/D): a blacklisted player is disqualified and listed; registering the same
// person in another event warns (and still registers); namesakes born elsewhen do not.
#[test]
fn blacklist_warns_at_later_registrations() {
    let env = Env::new();
    env.event(ROSTER);
    env.ok(&["blacklist", "player", &env.file(), "1", "--reason", "顶撞裁判"]);
    let list = env.json(&["blacklist", "list", "--json"]);
    assert_eq!(list["entries"][0]["name"], "张三");
    assert_eq!(list["entries"][0]["born"], "1990-01-01");

    let second = env.dir.path().join("next.bianpai");
    let second = second.to_string_lossy();
    let csv = env.dir.path().join("next.csv");
    std::fs::write(&csv, "姓名,出生日期\n张三,1990-01-01\n张三,2001-02-03\n钱七,\n").unwrap();
    env.ok(&["new", &second, "--preset", "cxa-swiss", "--rounds", "5"]);
    let out = env.ok(&["players", "import", &second, &csv.to_string_lossy(), "--lang", "zh"]);
    assert_eq!(out.matches("黑名单").count(), 1, "one warning, for the same person only: {out}");
    assert!(out.contains("张三") && out.contains("顶撞裁判"));
    assert!(out.contains("已导入 3 名选手"), "{out}");
}
