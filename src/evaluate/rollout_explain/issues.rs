//! The explain issues of one report (§2.7, §2.8): each (code, view, group) once, in the order
//! they are raised; with 32 held a new one is dropped (and the report is `Truncated`). What the
//! views decide (is a view usable, was it cut) reads every issue raised, dropped ones included.

use super::model::{ExplainIssue, IssueCode, View};

/// The most explain issues a report lists.
pub(crate) const MAX_ISSUES: usize = 32;

#[derive(Debug, Default)]
pub(crate) struct Issues {
    kept: Vec<ExplainIssue>,
    raised: Vec<ExplainIssue>,
    dropped: bool,
}

impl Issues {
    /// Raises `code` for `view` (or none) and `group` (or none).
    pub(crate) fn raise(&mut self, code: IssueCode, view: Option<View>, group: Option<usize>) {
        let issue = ExplainIssue { code, view, group };
        if self.raised.contains(&issue) {
            return;
        }
        self.raised.push(issue.clone());
        if self.kept.len() >= MAX_ISSUES {
            self.dropped = true;
        } else {
            self.kept.push(issue);
        }
    }

    /// A view-level issue.
    pub(crate) fn view(&mut self, code: IssueCode, view: View) {
        self.raise(code, Some(view), None);
    }

    /// A group-level issue.
    pub(crate) fn group(&mut self, code: IssueCode, view: View, group: usize) {
        self.raise(code, Some(view), Some(group));
    }

    /// Whether `code` was raised for `view`, at any group.
    pub(crate) fn any(&self, code: IssueCode, view: View) -> bool {
        self.raised
            .iter()
            .any(|i| i.code == code && i.view == Some(view))
    }

    /// Whether an issue was dropped for the cap.
    pub(crate) fn dropped(&self) -> bool {
        self.dropped
    }

    /// The kept issues in the canonical order.
    pub(crate) fn into_sorted(self) -> Vec<ExplainIssue> {
        let mut kept = self.kept;
        kept.sort_by(|a, b| a.key().cmp(&b.key()));
        kept
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_issue_once_and_at_most_32() {
        let mut issues = Issues::default();
        issues.group(IssueCode::PlanTruncated, View::Live, 0);
        issues.group(IssueCode::PlanTruncated, View::Live, 0);
        assert!(!issues.dropped());
        for g in 0..40 {
            issues.group(IssueCode::ResolutionMalformed, View::Effective, g);
        }
        assert!(issues.dropped());
        assert!(issues.any(IssueCode::ResolutionMalformed, View::Effective));
        let sorted = issues.into_sorted();
        assert_eq!(sorted.len(), MAX_ISSUES);
        assert_eq!(sorted[0].code, IssueCode::PlanTruncated);
        assert_eq!(sorted[1].group, Some(0));
    }

    #[test]
    fn absent_view_and_group_sort_first() {
        let mut issues = Issues::default();
        issues.group(IssueCode::ResolutionMalformed, View::Live, 1);
        issues.group(IssueCode::ResolutionMalformed, View::Effective, 0);
        issues.view(IssueCode::ResolutionMalformed, View::Live);
        issues.raise(IssueCode::PlanConditionMalformed, None, None);
        let keys: Vec<_> = issues
            .into_sorted()
            .iter()
            .map(|i| (i.code.as_str(), i.view.map(View::as_str), i.group))
            .collect();
        assert_eq!(
            keys,
            [
                ("PlanConditionMalformed", None, None),
                ("ResolutionMalformed", Some("Effective"), Some(0)),
                ("ResolutionMalformed", Some("Live"), None),
                ("ResolutionMalformed", Some("Live"), Some(1)),
            ]
        );
    }
}
