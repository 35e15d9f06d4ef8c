//! Rendering for `rollout explain` (rollout-explain.md §3): the compact VIEW/ITEM/DETAIL table,
//! the wide table (one row per view, group and step) and the `RolloutExplainReport` document.

use super::{Table, Tabular};
use crate::evaluate::rollout::RolloutIssue;
use crate::evaluate::rollout::model::{ComponentProjection, GroupProjection, Strategy};
use crate::evaluate::rollout_explain::RolloutExplainReport;
use crate::evaluate::rollout_explain::model::{
    Effect, Hold, Origin, PlanCondition, PlanGroup, PlanStep, RolloutExplain, Setting, View,
};

const VIEWS: [View; 3] = [View::Declared, View::Live, View::Effective];

impl Tabular for RolloutExplainReport {
    fn table(&self) -> Table {
        compact_table(&self.content)
    }

    fn wide(&self) -> Table {
        wide_table(&self.content)
    }
}

fn groups_of(c: &RolloutExplain, view: View) -> &[PlanGroup] {
    match view {
        View::Declared => &c.declared_groups,
        View::Live => &c.live_groups,
        View::Effective => &c.effective_groups,
    }
}

fn dash(text: String) -> String {
    if text.is_empty() { "-".into() } else { text }
}

/// `<state>[/<reason>]`.
fn state(condition: &PlanCondition) -> String {
    match condition.reason {
        Some(reason) => format!("{}/{reason}", condition.state),
        None => condition.state.to_string(),
    }
}

fn components(group: &PlanGroup) -> String {
    dash(group.components.join(","))
}

/// `<value>(<Source>[;<Effect>])`, or `<Source>[;<Effect>]` without a value.
fn setting(s: &Setting) -> String {
    let mut inner = s.source.to_string();
    if s.effect != Effect::Applied {
        inner.push(';');
        inner.push_str(s.effect.as_str());
    }
    match &s.value {
        Some(value) => format!("{value}({inner})"),
        None => inner,
    }
}

/// The config parts of a group (§3.3), in order.
fn config_parts(g: &PlanGroup) -> Vec<String> {
    let mut parts = Vec::new();
    match g.progression_origin {
        Origin::Defaulted => parts.push("strategy=defaulted".to_string()),
        Origin::Unknown => parts.push("origin=Unknown".to_string()),
        _ => {}
    }
    let mut policy_digest = None;
    if let Some(p) = &g.policy {
        let generation = if p.generation > 0 {
            format!("@{}", p.generation)
        } else {
            String::new()
        };
        parts.push(format!("policy={}/{}{generation}", p.kind, p.name));
        if let Some(digest) = &p.digest {
            parts.push(format!("digest={digest}"));
            policy_digest = Some(digest);
        }
    }
    if let Some(digest) = &g.portable_digest
        && policy_digest != Some(digest)
    {
        parts.push(format!("digest={digest}"));
    }
    if let Some(p) = &g.shadowed_policy {
        parts.push(format!("shadowed={}/{}", p.kind, p.name));
    }
    if let Some(s) = &g.soak {
        parts.push(format!("soak={}", setting(s)));
    }
    if let Some(b) = &g.rolling_update {
        parts.push(format!("surge={}", setting(&b.max_surge)));
        parts.push(format!("unavailable={}", setting(&b.max_unavailable)));
    }
    if let Some(r) = &g.maintain_ratio {
        parts.push(format!("ratio={}", setting(&r.tolerance)));
    }
    parts
}

/// The observed group a plan group's cells come from: the one with its index, else the first
/// `Sequential` group holding all its components.
fn observed_group<'a>(c: &'a RolloutExplain, g: &PlanGroup) -> Option<&'a GroupProjection> {
    let groups = &c.observed.groups;
    groups.iter().find(|o| o.index == g.index).or_else(|| {
        groups.iter().find(|o| {
            o.strategy == Strategy::Sequential
                && g.components.iter().all(|m| o.components.contains(m))
        })
    })
}

/// PHASE, SEQUENCE, REVISIONS and TRAFFIC of a plan group (`-` when absent).
struct Observed {
    phase: String,
    sequence: String,
    revisions: String,
    traffic: String,
}

fn observed_cells(c: &RolloutExplain, g: &PlanGroup) -> Observed {
    let Some(o) = observed_group(c, g) else {
        return Observed {
            phase: "-".into(),
            sequence: "-".into(),
            revisions: "-".into(),
            traffic: "-".into(),
        };
    };
    let parts = |pairs: &[(&str, &Option<String>)]| {
        dash(
            pairs
                .iter()
                .filter_map(|(k, v)| v.as_ref().map(|v| format!("{k}={v}")))
                .collect::<Vec<_>>()
                .join(","),
        )
    };
    let members = c.observed.components.iter().filter(|p| {
        p.group == Some(o.index)
            && (o.strategy != Strategy::Sequential || g.components.contains(&p.type_))
    });
    Observed {
        phase: o.phase.to_string(),
        sequence: parts(&[
            ("current", &o.current_component),
            ("previous", &o.previous_component),
        ]),
        revisions: parts(&[
            ("stable", &o.stable_revision_hash),
            ("target", &o.target_revision_hash),
            ("rejected", &o.rejected_revision_hash),
        ]),
        traffic: dash(members.flat_map(traffic).collect::<Vec<_>>().join(",")),
    }
}

/// `<type>:<hash>=<p>%` for each traffic entry of a component.
fn traffic(p: &ComponentProjection) -> Vec<String> {
    p.traffic
        .iter()
        .map(|t| format!("{}:{}={}%", p.type_, t.revision_hash, t.percent))
        .collect()
}

/// `current=,ready=,previous=` of an ungrouped component (present parts).
fn component_revisions(p: &ComponentProjection) -> String {
    dash(
        [
            ("current", &p.rolled_out_revision_hash),
            ("ready", &p.ready_revision_hash),
            ("previous", &p.previous_revision_hash),
        ]
        .iter()
        .filter_map(|(k, v)| v.as_ref().map(|v| format!("{k}={v}")))
        .collect::<Vec<_>>()
        .join(","),
    )
}

fn hold_detail(h: &Hold) -> String {
    let mut text = format!("{}; evidence={}", h.kind, h.evidence);
    if let Some(c) = &h.component {
        text.push_str(&format!("; component={c}"));
    }
    text
}

fn step_detail(s: &PlanStep) -> String {
    format!(
        "capacity={}; traffic={}%; gate={}",
        dash(s.capacity.clone()),
        s.traffic,
        s.gate
    )
}

/// The observed issues shown with a plan group: of its observed group (with no component or a
/// member), and with no group but a member component.
fn group_observed_issues<'a>(
    c: &'a RolloutExplain,
    g: &'a PlanGroup,
) -> impl Iterator<Item = &'a RolloutIssue> + 'a {
    let index = observed_group(c, g).map_or(g.index, |o| o.index);
    c.observed.issues.iter().filter(move |i| {
        let member = i
            .component
            .as_ref()
            .is_some_and(|m| g.components.contains(m));
        (i.group == Some(index) && (i.component.is_none() || member))
            || (i.group.is_none() && member)
    })
}

/// The explain issue codes of `view` for `group` (or, with `None`, those without a group).
fn explain_codes(c: &RolloutExplain, view: View, group: Option<usize>) -> Vec<String> {
    c.issues
        .iter()
        .filter(|i| i.view == Some(view) && i.group == group)
        .map(|i| i.code.to_string())
        .collect()
}

/// The compact table (§3.1).
fn compact_table(c: &RolloutExplain) -> Table {
    let mut table = Table::new(["VIEW", "ITEM", "DETAIL"]);
    for view in VIEWS {
        let items = view_items(c, view);
        for (k, (item, detail)) in items.into_iter().enumerate() {
            let name = if k == 0 {
                view.to_string()
            } else {
                String::new()
            };
            table.row([name, item, detail]);
        }
    }
    table
}

/// The ITEM/DETAIL rows of one view.
fn view_items(c: &RolloutExplain, view: View) -> Vec<(String, String)> {
    let groups = groups_of(c, view);
    let s = &c.summary;
    let plan = match view {
        View::Declared => format!("groups={}", groups.len()),
        View::Live => format!("mode=Live; groups={}", groups.len()),
        View::Effective => format!(
            "mode={}; evidence={}; groups={}",
            s.effective_plan.mode,
            s.effective_plan.evidence,
            groups.len()
        ),
    };
    let mut items = vec![("PLAN".to_string(), plan)];
    let effective = view == View::Effective;
    if effective {
        for (item, condition) in [("READY", &s.plan_ready), ("DRIFT", &s.plan_drift)] {
            let detail = format!("{}; evidence={}", state(condition), condition.evidence);
            items.push((item.to_string(), detail));
        }
        for h in c
            .holds
            .iter()
            .filter(|h| h.group.is_none() && h.step.is_none())
        {
            items.push(("HOLD".to_string(), hold_detail(h)));
        }
    }
    for g in groups {
        group_items(c, view, g, &mut items);
    }
    if effective {
        ungrouped_items(c, &mut items);
    }
    let mut codes = explain_codes(c, view, None);
    if effective {
        codes.extend(
            c.issues
                .iter()
                .filter(|i| i.view.is_none())
                .map(|i| i.code.to_string()),
        );
        codes.extend(
            c.observed
                .issues
                .iter()
                .filter(|i| i.group.is_none() && i.component.is_none())
                .map(|i| i.code.to_string()),
        );
    }
    if !codes.is_empty() {
        items.push(("ISSUES".to_string(), codes.join(",")));
    }
    items
}

fn group_items(c: &RolloutExplain, view: View, g: &PlanGroup, items: &mut Vec<(String, String)>) {
    let effective = view == View::Effective;
    items.push((
        format!("GROUP {}", g.index),
        format!(
            "{}; components={}; source={}/{}",
            g.strategy,
            components(g),
            g.evidence,
            g.source
        ),
    ));
    for (k, part) in config_parts(g).into_iter().enumerate() {
        let item = if k == 0 { "CONFIG" } else { "" };
        items.push((item.to_string(), part));
    }
    if effective {
        for h in c
            .holds
            .iter()
            .filter(|h| h.group == Some(g.index) && h.step.is_none())
        {
            items.push(("HOLD".to_string(), hold_detail(h)));
        }
        let o = observed_cells(c, g);
        for (item, value) in [
            ("PHASE", o.phase),
            ("SEQUENCE", o.sequence),
            ("REVISIONS", o.revisions),
            ("TRAFFIC", o.traffic),
        ] {
            if value != "-" {
                items.push((item.to_string(), value));
            }
        }
    }
    for s in &g.steps {
        items.push((
            format!("STEP {}/{}", s.index + 1, g.steps.len()),
            step_detail(s),
        ));
        if effective {
            for h in c
                .holds
                .iter()
                .filter(|h| h.group == Some(g.index) && h.step == Some(s.index))
            {
                items.push(("HOLD".to_string(), hold_detail(h)));
            }
        }
    }
    let mut codes = explain_codes(c, view, Some(g.index));
    if effective {
        codes.extend(group_observed_issues(c, g).map(|i| i.code.to_string()));
    }
    if !codes.is_empty() {
        items.push(("ISSUES".to_string(), codes.join(",")));
    }
}

/// Item 4: the observed components outside every group.
fn ungrouped_items(c: &RolloutExplain, items: &mut Vec<(String, String)>) {
    let evidence = c.observed.summary.evidence;
    for p in c.observed.components.iter().filter(|p| p.group.is_none()) {
        items.push((
            format!("COMPONENT {}", p.type_),
            format!("{}; phase={}; evidence={evidence}", p.strategy, p.phase),
        ));
        let revisions = component_revisions(p);
        if revisions != "-" {
            items.push(("REVISIONS".to_string(), revisions));
        }
        let traffic = traffic(p).join(",");
        if !traffic.is_empty() {
            items.push(("TRAFFIC".to_string(), traffic));
        }
        let codes: Vec<String> = c
            .observed
            .issues
            .iter()
            .filter(|i| i.group.is_none() && i.component.as_deref() == Some(p.type_.as_str()))
            .map(|i| i.code.to_string())
            .collect();
        if !codes.is_empty() {
            items.push((format!("ISSUES {}", p.type_), codes.join(",")));
        }
    }
}

const WIDE_HEADERS: [&str; 18] = [
    "VIEW",
    "GROUP",
    "EVIDENCE",
    "PLAN-MODE",
    "SOURCE",
    "STRATEGY",
    "COMPONENTS",
    "CONFIG",
    "STEP",
    "GATE",
    "PHASE",
    "SEQUENCE",
    "PLAN-READY",
    "DRIFT",
    "HOLD",
    "REVISIONS",
    "TRAFFIC",
    "ISSUES",
];

/// An observed issue as the wide table writes it: `Code(group=N,component=C)`
/// (read-commands.md §5.4).
fn wide_issue(i: &RolloutIssue) -> String {
    let mut parts = Vec::new();
    if let Some(g) = i.group {
        parts.push(format!("group={g}"));
    }
    if let Some(c) = &i.component {
        parts.push(format!("component={c}"));
    }
    if parts.is_empty() {
        i.code.to_string()
    } else {
        format!("{}({})", i.code, parts.join(","))
    }
}

/// The kinds of the service holds and of `group`'s (a step hold only on its step's row).
fn hold_kinds(c: &RolloutExplain, group: Option<usize>, step: Option<usize>) -> String {
    dash(
        c.holds
            .iter()
            .filter(|h| {
                h.group.is_none()
                    || (h.group == group && group.is_some() && (h.step.is_none() || h.step == step))
            })
            .map(|h| h.kind.to_string())
            .collect::<Vec<_>>()
            .join(","),
    )
}

/// The wide table (§3.2).
fn wide_table(c: &RolloutExplain) -> Table {
    let mut table = Table::new(WIDE_HEADERS);
    let pinned =
        c.summary.effective_plan.mode == crate::evaluate::rollout_explain::model::PlanMode::Pinned;
    for view in VIEWS {
        let groups = groups_of(c, view);
        for g in groups {
            wide_group_rows(c, view, g, &mut table);
        }
        if groups.is_empty() && (view == View::Effective || (view == View::Live && pinned)) {
            table.row(wide_empty_row(c, view));
        }
    }
    let evidence = c.observed.summary.evidence;
    for p in c.observed.components.iter().filter(|p| p.group.is_none()) {
        let issues: Vec<String> = c
            .observed
            .issues
            .iter()
            .filter(|i| i.group.is_none() && i.component.as_deref().is_none_or(|x| x == p.type_))
            .map(wide_issue)
            .collect();
        table.row([
            "Observed".to_string(),
            "-".into(),
            evidence.to_string(),
            "-".into(),
            "-".into(),
            p.strategy.to_string(),
            p.type_.clone(),
            "-".into(),
            "-".into(),
            "-".into(),
            p.phase.to_string(),
            "-".into(),
            "-".into(),
            "-".into(),
            hold_kinds(c, None, None),
            component_revisions(p),
            dash(traffic(p).join(",")),
            dash(issues.join(",")),
        ]);
    }
    table
}

/// The row of a view without groups: the Effective view, or the Live view of a pinned plan.
fn wide_empty_row(c: &RolloutExplain, view: View) -> Vec<String> {
    let s = &c.summary;
    let effective = view == View::Effective;
    let mut codes: Vec<String> = c
        .issues
        .iter()
        .filter(|i| i.view.is_none_or(|v| v == view) && i.group.is_none())
        .map(|i| i.code.to_string())
        .collect();
    if effective {
        codes.extend(c.observed.issues.iter().map(wide_issue));
    }
    let pick = |value: String| if effective { value } else { "-".to_string() };
    vec![
        view.to_string(),
        "-".into(),
        if effective {
            s.effective_plan.evidence.to_string()
        } else {
            "Declared".into()
        },
        if effective {
            s.effective_plan.mode.to_string()
        } else {
            "Live".into()
        },
        "-".into(),
        "-".into(),
        "-".into(),
        "groups=0".into(),
        "-".into(),
        "-".into(),
        "-".into(),
        "-".into(),
        pick(state(&s.plan_ready)),
        pick(state(&s.plan_drift)),
        pick(hold_kinds(c, None, None)),
        "-".into(),
        "-".into(),
        dash(codes.join(",")),
    ]
}

/// One row per step (one row for a group without steps).
fn wide_group_rows(c: &RolloutExplain, view: View, g: &PlanGroup, table: &mut Table) {
    let effective = view == View::Effective;
    let s = &c.summary;
    let mode = match view {
        View::Declared => "-".to_string(),
        View::Live => "Live".to_string(),
        View::Effective => s.effective_plan.mode.to_string(),
    };
    let mut codes: Vec<String> = c
        .issues
        .iter()
        .filter(|i| i.view.is_none_or(|v| v == view) && i.group.is_none_or(|n| n == g.index))
        .map(|i| i.code.to_string())
        .collect();
    let o = observed_cells(c, g);
    if effective {
        let index = observed_group(c, g).map_or(g.index, |o| o.index);
        codes.extend(
            c.observed
                .issues
                .iter()
                .filter(|i| {
                    i.group.is_none_or(|n| n == index)
                        && i.component
                            .as_ref()
                            .is_none_or(|m| g.components.contains(m))
                })
                .map(wide_issue),
        );
    }
    let issues = dash(codes.join(","));
    let pick = |value: String| if effective { value } else { "-".to_string() };
    let steps: Vec<Option<&PlanStep>> = if g.steps.is_empty() {
        vec![None]
    } else {
        g.steps.iter().map(Some).collect()
    };
    for step in steps {
        let (step_cell, gate) = match step {
            Some(st) => (
                format!(
                    "{}/{} {}/{}%",
                    st.index + 1,
                    g.steps.len(),
                    dash(st.capacity.clone()),
                    st.traffic
                ),
                st.gate.to_string(),
            ),
            None => ("-".to_string(), "-".to_string()),
        };
        table.row([
            view.to_string(),
            g.index.to_string(),
            g.evidence.to_string(),
            mode.clone(),
            g.source.to_string(),
            g.strategy.to_string(),
            components(g),
            dash(config_parts(g).join(",")),
            step_cell,
            gate,
            pick(o.phase.clone()),
            pick(o.sequence.clone()),
            pick(state(&s.plan_ready)),
            pick(state(&s.plan_drift)),
            pick(hold_kinds(c, Some(g.index), step.map(|st| st.index))),
            pick(o.revisions.clone()),
            pick(o.traffic.clone()),
            issues.clone(),
        ]);
    }
}

#[cfg(test)]
mod tests;
