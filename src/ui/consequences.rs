//! The consequences of a change, as the status bar and the history announce them: the
//! window's name for [`crate::present::consequences`], which the command line shares.

pub use crate::present::consequences::{Consequence, consequences, describe, reason_words};
