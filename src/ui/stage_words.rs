//! A stage's state in words, the same in the window's header and the event view (issue
//! 39 item 5: "进行中" stood beside a Swiss stage whose last round was played, when what
//! the director has left to do is close it).

use crate::domain::event::{Stage, StageKind, StageStatus};
use crate::lang::Lang;

/// 未开始, 进行中, 已赛完，待结束 (every planned round played, the stage still open) or 已结束.
pub fn stage_status_words(stage: &Stage, lang: Lang) -> &'static str {
    match stage.status {
        StageStatus::Pending => lang.t("未开始", "pending"),
        // A knockout has no planned count to be played out against.
        StageStatus::Open
            if stage.kind != StageKind::Knockout && stage.rounds_planned.is_some() && stage.is_played_out() =>
        {
            lang.t("已赛完，待结束", "played out, to be closed")
        }
        StageStatus::Open => lang.t("进行中", "in play"),
        StageStatus::Closed => lang.t("已结束", "closed"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Issue 39 item 5: an open stage whose planned rounds are all played says it waits to
    // be closed, not that it is in play.
    #[test]
    fn a_played_out_stage_waits_to_be_closed() {
        let event = crate::domain::demo::demo_event(3).unwrap();
        let mut stage = event.groups[0].stages[0].clone();
        assert_eq!(stage_status_words(&stage, Lang::Zh), "进行中");
        let played = stage.completed_rounds();
        stage.rounds.truncate(played as usize);
        stage.rounds_planned = Some(played);
        assert_eq!(stage_status_words(&stage, Lang::Zh), "已赛完，待结束");
        assert_eq!(stage_status_words(&stage, Lang::En), "played out, to be closed");
        stage.kind = StageKind::Knockout;
        assert_eq!(stage_status_words(&stage, Lang::Zh), "进行中");
    }
}
