//! The icons the window draws: code points of the bundled icon font,
//! `assets/fonts/Phosphor-Bianpai.ttf` (Phosphor Icons, regular weight, MIT; subset to
//! exactly the code points below by `assets/fonts/subset_icons.py`, which reads this
//! file). An icon is never text a director reads: it is painted beside its label and
//! left out of the label's words ([`super::widgets::icon_atom`]).

/// One icon: a code point of the icon font.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Icon(pub char);

impl Icon {
    /// The icon's glyph as a string, for painting.
    pub fn glyph(self) -> String {
        self.0.to_string()
    }
}

/// 文件: open a file.
pub const FOLDER_OPEN: Icon = Icon('\u{E256}');
/// 打印.
pub const PRINTER: Icon = Icon('\u{E3DC}');
/// 导出.
pub const EXPORT: Icon = Icon('\u{EAF0}');
/// The language switch.
pub const TRANSLATE: Icon = Icon('\u{E4A2}');
/// The dark theme.
pub const MOON: Icon = Icon('\u{E330}');
/// The light theme.
pub const SUN: Icon = Icon('\u{E472}');
/// 赛事 (settings).
pub const GEAR_SIX: Icon = Icon('\u{E272}');
/// 选手.
pub const USERS: Icon = Icon('\u{E4D6}');
/// 队伍.
pub const USERS_THREE: Icon = Icon('\u{E68E}');
/// 对阵.
pub const SWORD: Icon = Icon('\u{E5BA}');
/// 录入.
pub const NOTE_PENCIL: Icon = Icon('\u{E34C}');
/// 对阵图.
pub const TREE_STRUCTURE: Icon = Icon('\u{E67C}');
/// 成绩.
pub const RANKING: Icon = Icon('\u{ED62}');
/// 奖励.
pub const TROPHY: Icon = Icon('\u{E67E}');
/// 财务.
pub const COINS: Icon = Icon('\u{E78E}');
/// 记录.
pub const CLOCK_COUNTER_CLOCKWISE: Icon = Icon('\u{E1A0}');
/// 编排下一轮.
pub const SHUFFLE: Icon = Icon('\u{E422}');
/// Add a player, a team.
pub const USER_PLUS: Icon = Icon('\u{E4D0}');
/// Import a roster.
pub const UPLOAD_SIMPLE: Icon = Icon('\u{E4C0}');
/// Save, confirm.
pub const CHECK: Icon = Icon('\u{E182}');
/// Undo.
pub const ARROW_U_UP_LEFT: Icon = Icon('\u{E08A}');
/// Redo.
pub const ARROW_U_UP_RIGHT: Icon = Icon('\u{E08C}');
/// Close a stage and qualify players.
pub const FLAG_CHECKERED: Icon = Icon('\u{EA38}');
/// Search.
pub const MAGNIFYING_GLASS: Icon = Icon('\u{E30C}');
/// A warning.
pub const WARNING: Icon = Icon('\u{E4E0}');
/// Add.
pub const PLUS: Icon = Icon('\u{E3D4}');
/// A new event.
pub const FILE_PLUS: Icon = Icon('\u{E236}');

/// Every icon above, for the font check and the subset script.
pub const ALL: [Icon; 27] = [
    FOLDER_OPEN,
    PRINTER,
    EXPORT,
    TRANSLATE,
    MOON,
    SUN,
    GEAR_SIX,
    USERS,
    USERS_THREE,
    SWORD,
    NOTE_PENCIL,
    TREE_STRUCTURE,
    RANKING,
    TROPHY,
    COINS,
    CLOCK_COUNTER_CLOCKWISE,
    SHUFFLE,
    USER_PLUS,
    UPLOAD_SIMPLE,
    CHECK,
    ARROW_U_UP_LEFT,
    ARROW_U_UP_RIGHT,
    FLAG_CHECKERED,
    MAGNIFYING_GLASS,
    WARNING,
    PLUS,
    FILE_PLUS,
];
