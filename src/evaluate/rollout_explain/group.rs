//! One plan group of a view (rollout-explain.md §2.4): its progression, where it comes from, its
//! settings and steps, with the placeholder and the issue for everything that does not check
//! out. The group's own rules are the rollout projection's (`spec::read_group` without the
//! service's context), so a body `rollout status` rejects is malformed here too.

use super::issues::Issues;
use super::model::{
    Budgets, Evidence, IssueCode, OnInconclusive, Origin, PlanGroup, PlanSource, PlanStep,
    PolicyRef, Progression, ROLLOUT_POLICY, Ratio, Setting, SettingSource, StepAnalysis, View,
};
use crate::evaluate::lifecycle::{Budget, parse_budget};
use crate::evaluate::read::{self, Read};
use crate::evaluate::rollout::model::Strategy;
use crate::evaluate::rollout::project::{canary, spec};
use crate::ome::Component;
use crate::ome::duration::{format_go_duration, parse_go_duration};
use crate::ome::names::is_dns1123_subdomain;
use serde_json::Value;

/// The most steps a group shows.
const MAX_STEPS: usize = 20;
/// The most metrics an analysis counts.
const MAX_METRICS: usize = 10;
/// The progression blocks, in the order the API lists them.
const BLOCKS: [(&str, Progression); 3] = [
    ("canary", Progression::Canary),
    ("blueGreen", Progression::BlueGreen),
    ("rollingUpdate", Progression::RollingUpdate),
];

/// How a view reads its groups.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ViewContext {
    pub(crate) view: View,
    /// The view's malformed code (`DeclaredPlanMalformed`, …; `ActiveRunMalformed` pinned).
    pub(crate) malformed: IssueCode,
    pub(crate) evidence: Evidence,
    /// A pinned group: its `policyRef` is not a reference (it is malformed, elsewhere).
    pub(crate) pinned: bool,
}

/// A group as projected, and whether its body is known (an inline progression, or no
/// `policyRef`; a pinned body always is).
#[derive(Debug, Clone)]
pub(crate) struct Built {
    pub(crate) group: PlanGroup,
    pub(crate) body_known: bool,
    /// The progression blocks the group carries.
    pub(crate) blocks: usize,
}

/// The progression blocks `group` carries, in API order.
pub(crate) fn blocks(group: &Value) -> Vec<Progression> {
    BLOCKS
        .iter()
        .filter(|(key, _)| read::field(group, key).is_some())
        .map(|(_, p)| *p)
        .collect()
}

/// `rp1:` and 12 lowercase hex: the form of every plan digest.
pub(crate) fn is_digest(text: &str) -> bool {
    text.strip_prefix("rp1:").is_some_and(|hex| {
        hex.len() == 12
            && hex
                .bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
    })
}

/// Item 1: the group's list at `key` without unknown or repeated names (at most 3), and
/// whether a name was dropped.
pub(crate) fn members(group: &Value, key: &str) -> (Vec<String>, bool) {
    let names = match read::array(group, key) {
        Read::Unset => return (Vec::new(), false),
        Read::Ok(items) => items,
        Read::Bad => return (Vec::new(), true),
    };
    let mut out: Vec<String> = Vec::new();
    let mut dropped = false;
    for name in names {
        match name.as_str().and_then(Component::parse) {
            Some(c) if !out.iter().any(|n| n == c.as_str()) && out.len() < 3 => {
                out.push(c.as_str().to_string());
            }
            _ => dropped = true,
        }
    }
    (out, dropped)
}

/// Item 5: a valid reference (`kind` empty or `RolloutPolicy`, a DNS-1123 name, a known
/// progression) as shown with `evidence`; `None` when it is not valid.
pub(crate) fn reference(value: &Value, evidence: Evidence) -> Option<PolicyRef> {
    let kind_ok = matches!(
        read::text(value, "kind"),
        Read::Unset | Read::Ok("") | Read::Ok(ROLLOUT_POLICY)
    );
    let name = read::text(value, "name")
        .ok()
        .filter(|n| is_dns1123_subdomain(n))?;
    let progression = read::text(value, "progression")
        .ok()
        .and_then(Progression::parse)?;
    kind_ok.then(|| PolicyRef {
        kind: ROLLOUT_POLICY,
        name: name.to_string(),
        progression,
        generation: 0,
        digest: None,
        evidence,
    })
}

/// A Go duration of at least zero, in Go's form.
pub(crate) fn duration(text: &str) -> Option<String> {
    let nanos = i64::try_from(parse_go_duration(text)?).ok()?;
    (nanos >= 0).then(|| format_go_duration(nanos))
}

/// A capacity or budget as shown: `N` or `N%` in minimal decimal.
fn budget_text(value: &Value) -> Option<String> {
    match parse_budget(value)? {
        Budget::Count(n) => Some(n.to_string()),
        Budget::Percent(p) => Some(format!("{p}%")),
    }
}

/// §2.4 for the group `raw` at `index` of a view; issues are raised for the view.
pub(crate) fn plan_group(
    raw: &Value,
    index: usize,
    ctx: ViewContext,
    issues: &mut Issues,
) -> Built {
    let (components, dropped) = members(raw, "components");
    let (order, _) = members(raw, "order");
    let blocks = blocks(raw);
    let policy_ref = read::field(raw, "policyRef").filter(|_| !ctx.pinned);
    let reference = policy_ref.map(|r| reference(r, Evidence::Declared));
    let mut group = PlanGroup {
        index,
        evidence: ctx.evidence,
        source: PlanSource::Inline,
        strategy: Strategy::Unknown,
        progression_origin: Origin::Configured,
        defaulted: false,
        components,
        order,
        policy: None,
        shadowed_policy: None,
        portable_digest: None,
        soak: None,
        rolling_update: None,
        maintain_ratio: None,
        steps: Vec::new(),
    };
    let mut malformed = false;
    match (blocks.first(), &reference) {
        (Some(p), _) => {
            group.strategy = p.strategy();
            group.shadowed_policy = reference.clone().flatten();
        }
        (None, Some(r)) => {
            group.source = PlanSource::Policy;
            group.progression_origin = Origin::Policy;
            group.strategy = r
                .as_ref()
                .map_or(Strategy::Unknown, |r| r.progression.strategy());
            group.policy = r.clone();
            if ctx.view != View::Declared {
                issues.group(IssueCode::PolicyBodyUnavailable, ctx.view, index);
            }
        }
        (None, None) => {
            group.source = PlanSource::Defaulted;
            group.strategy = Strategy::BlueGreen;
            group.progression_origin = Origin::Defaulted;
        }
    }
    if blocks.len() >= 2 || dropped || matches!(reference, Some(None)) {
        group.strategy = Strategy::Unknown;
        group.progression_origin = Origin::Unknown;
        malformed = true;
    }
    if let [only] = blocks.as_slice() {
        let block = read::field(raw, only.as_str()).unwrap_or(&Value::Null);
        match only {
            Progression::Canary => group.steps = steps(block, index, ctx, issues, &mut malformed),
            Progression::RollingUpdate => group.rolling_update = Some(budgets(block)),
            Progression::BlueGreen => {}
        }
    }
    group.soak = soak(raw);
    group.maintain_ratio = read::field(raw, "maintainRatio").map(ratio);
    if !body_valid(raw, ctx.pinned) {
        malformed = true;
    }
    if malformed {
        issues.group(ctx.malformed, ctx.view, index);
    }
    group.defaulted = group.progression_origin == Origin::Defaulted;
    Built {
        group,
        body_known: ctx.pinned || !blocks.is_empty() || policy_ref.is_none(),
        blocks: blocks.len(),
    }
}

/// Item 4's body check: the group's own rules of the rollout projection (1–3 known, unique
/// members, empty `order`, at most one progression, the canary plan, budgets, the ratio), a
/// valid `policyRef` (not for a pinned group) and a `soak` of at least zero.
fn body_valid(raw: &Value, pinned: bool) -> bool {
    let mut found = crate::evaluate::rollout::project::Issues::default();
    spec::read_group(None, raw, 0, &mut [None; 3], &mut found);
    let policy_ok = pinned
        || read::field(raw, "policyRef").is_none_or(|r| reference(r, Evidence::Declared).is_some());
    let soak_ok = read::field(raw, "soak").is_none_or(|s| s.as_str().and_then(duration).is_some());
    found.recorded().is_empty() && policy_ok && soak_ok
}

/// Item 2: the rolling-update budgets.
fn budgets(block: &Value) -> Budgets {
    let budget = |key: &str| match read::field(block, key) {
        None => Setting::new(Some("25%".to_string()), SettingSource::Defaulted),
        Some(value) => match budget_text(value) {
            Some(text) => Setting::new(Some(text), SettingSource::Configured),
            None => Setting::new(None, SettingSource::Unresolved),
        },
    };
    Budgets {
        max_surge: budget("maxSurge"),
        max_unavailable: budget("maxUnavailable"),
    }
}

/// Item 7: a soak of at least zero; another value is dropped (and fails the body check).
fn soak(raw: &Value) -> Option<Setting> {
    let text = read::text(raw, "soak").ok()?;
    Some(Setting::new(
        Some(duration(text)?),
        SettingSource::Configured,
    ))
}

/// Item 7: the ratio's tolerance, `<n>%` when 0–100, else unresolved.
fn ratio(value: &Value) -> Ratio {
    let tolerance = match read::int(value, "tolerance") {
        Read::Ok(n) if (0..=100).contains(&n) => {
            Setting::new(Some(format!("{n}%")), SettingSource::Configured)
        }
        _ => Setting::new(None, SettingSource::Unresolved),
    };
    Ratio { tolerance }
}

/// Item 6: the first 20 steps of a canary plan.
fn steps(
    canary: &Value,
    index: usize,
    ctx: ViewContext,
    issues: &mut Issues,
    malformed: &mut bool,
) -> Vec<PlanStep> {
    let all = spec::steps(canary).unwrap_or(&[]);
    if all.len() > MAX_STEPS {
        issues.group(IssueCode::PlanTruncated, ctx.view, index);
    }
    all.iter()
        .take(MAX_STEPS)
        .enumerate()
        .map(|(j, s)| step(j, s, malformed))
        .collect()
}

fn step(index: usize, raw: &Value, malformed: &mut bool) -> PlanStep {
    let capacity = read::field(raw, "capacity").and_then(budget_text);
    let traffic = read::int(raw, "traffic")
        .ok()
        .filter(|t| (0..=100).contains(t));
    if capacity.is_none() || traffic.is_none() {
        *malformed = true;
    }
    let pause = read::field(raw, "pause")
        .and_then(|p| read::text(p, "duration").ok())
        .and_then(duration);
    PlanStep {
        index,
        capacity: capacity.unwrap_or_default(),
        traffic: traffic.unwrap_or(0),
        gate: canary::gate(raw),
        pause,
        analysis: read::field(raw, "analysis").map(|a| analysis(a, malformed)),
    }
}

fn analysis(raw: &Value, malformed: &mut bool) -> StepAnalysis {
    let on_inconclusive = match read::text(raw, "onInconclusive") {
        Read::Unset | Read::Ok("") => OnInconclusive::Hold,
        Read::Ok(text) => OnInconclusive::parse(text)
            .filter(|v| *v != OnInconclusive::Unknown)
            .unwrap_or(OnInconclusive::Unknown),
        Read::Bad => OnInconclusive::Unknown,
    };
    if on_inconclusive == OnInconclusive::Unknown {
        *malformed = true;
    }
    let metrics = read::array(raw, "metrics").ok().map_or(0, <[Value]>::len);
    let timing = |key: &str| read::text(raw, key).ok().and_then(duration);
    StepAnalysis {
        metric_count: metrics.min(MAX_METRICS),
        interval: timing("interval").unwrap_or_default(),
        initial_delay: timing("initialDelay"),
        failure_limit: read::int(raw, "failureLimit").ok().unwrap_or(0),
        on_inconclusive,
    }
}
