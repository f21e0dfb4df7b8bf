//! Files compiled into the binary, shared by the window and the PDFs.

/// The bundled CJK font: Noto Sans SC Regular subset to GBK (OFL-1.1, see
/// `assets/fonts/README.md`). The window draws with it (`ui::fonts`) and every PDF embeds
/// the glyphs it uses (`print::font`), so the binary carries the file once.
pub static CJK_FONT: &[u8] = include_bytes!("../assets/fonts/NotoSansSC-GBK.ttf");

/// The icon font: Phosphor Icons (MIT), subset to the icons the window draws
/// (`ui::theme::icons`, `assets/fonts/README.md`).
pub static ICON_FONT: &[u8] = include_bytes!("../assets/fonts/Phosphor-Bianpai.ttf");

/// The app icon (256 px PNG, drawn from `packaging/icons/bianpai.svg`), for the window's
/// title bar and task bar on X11 and Windows.
pub static APP_ICON_PNG: &[u8] = include_bytes!("../packaging/icons/hicolor/256x256/apps/bianpai.png");
