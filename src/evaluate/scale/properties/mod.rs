//! Property tests of `scale`'s evaluation (scale.md §2.3–§2.6), from generated evidence: an
//! InferenceService, its InferenceReplica (Instance rows in DenseV1 or ColumnarV2), the IR's
//! `/scale`, the runtime and the request.
//!
//! Each generated world is valid by construction; a catalogue of violations each breaks exactly
//! one check of the spec, and a catalogue of neutral changes touches only fields the spec does
//! not read. The properties:
//! * a plan is made exactly when no violation was applied, and its guard (the IR's UID and
//!   resourceVersion), prior count and requested count come from the verified IR and request;
//! * with violations, the refusal is the one of the first violated check in the spec's order;
//! * neutral changes never change a refusal (nor turn a plan into one).

mod catalogue;
mod world;

pub(crate) use world::{case, evaluate, world};

use catalogue::{NEUTRAL, VIOLATIONS, Violation};
use proptest::prelude::*;
use proptest::sample::subsequence;
use world::{Case, World};

/// Cases per property.
const CASES: u32 = 256;

/// At most one violation per slot, in catalogue order.
fn violations() -> impl Strategy<Value = Vec<usize>> {
    subsequence((0..VIOLATIONS.len()).collect::<Vec<_>>(), 1..=3).prop_map(|picked| {
        let mut slots = std::collections::BTreeSet::new();
        picked
            .into_iter()
            .filter(|i| {
                let slot = VIOLATIONS.get(*i).map_or("", |v| v.slot);
                slot.is_empty() || slots.insert(slot)
            })
            .collect()
    })
}

fn neutral_changes() -> impl Strategy<Value = (Vec<usize>, String)> {
    (
        subsequence((0..NEUTRAL.len()).collect::<Vec<_>>(), 0..=NEUTRAL.len()),
        "[a-z0-9]{1,40}",
    )
}

fn apply_violations(case: &mut Case, world: &World, picked: &[usize]) {
    // Read failures last, so that edits of the objects still apply.
    let mut ordered: Vec<&Violation> = picked.iter().filter_map(|i| VIOLATIONS.get(*i)).collect();
    ordered.sort_by_key(|v| v.slot.ends_with(".read"));
    for violation in ordered {
        (violation.apply)(case, world);
    }
}

fn apply_neutral(case: &mut Case, picked: &[usize], value: &str) {
    for change in picked.iter().filter_map(|i| NEUTRAL.get(*i)) {
        (change.apply)(case, value);
    }
}

fn first_refusal(picked: &[usize]) -> Option<&'static Violation> {
    picked
        .iter()
        .filter_map(|i| VIOLATIONS.get(*i))
        .min_by_key(|v| v.order)
}

proptest! {
    #![proptest_config(property_config!(CASES))]

    /// Every valid world is planned, and the plan's guard and counts come from the verified IR
    /// and the request, whatever fields the spec does not read hold.
    #[test]
    fn a_valid_world_plans_the_verified_write(world in world(), (neutral, value) in neutral_changes()) {
        let mut case = case(&world);
        apply_neutral(&mut case, &neutral, &value);
        let plan = evaluate(&case, &world.namespace);
        prop_assert!(plan.is_ok(), "{:?} after {:?}", plan.as_ref().err(),
            neutral.iter().filter_map(|i| NEUTRAL.get(*i)).map(|n| n.name).collect::<Vec<_>>());
        let plan = plan.map_err(|e| TestCaseError::fail(format!("{e:?}")))?;
        prop_assert_eq!(plan.requested, case.request.replicas);
        prop_assert_eq!(plan.requested, world.requested());
        prop_assert_eq!(&plan.ir.resource_version, &world.rvs[1]);
        prop_assert_eq!(&plan.ir.uid, &world.uids[1]);
        prop_assert_eq!(&plan.ir.name, &world.ir_name());
        prop_assert_eq!(&plan.ir.namespace, &world.namespace);
        prop_assert_eq!(i64::from(plan.ir.prior_replicas), world.prior);
        prop_assert_eq!((i64::from(plan.resolution.min), i64::from(plan.resolution.max)), world.bounds());
        prop_assert_eq!(plan.resolution.class.as_str(), world.class.name());
    }

    /// With violations, no plan: the refusal of the first violated check, in the spec's order.
    #[test]
    fn a_violation_refuses_with_the_first_failed_check(world in world(), picked in violations()) {
        let mut case = case(&world);
        apply_violations(&mut case, &world, &picked);
        let expected = first_refusal(&picked).map(|v| (v.name, v.refusal));
        let got = evaluate(&case, &world.namespace).map(|_| ());
        prop_assert_eq!(got.err(), expected.map(|(_, r)| r), "first violation: {:?}", expected.map(|(n, _)| n));
    }

    /// Fields the spec does not read never change a refusal.
    #[test]
    fn unread_fields_never_change_a_refusal(
        world in world(),
        picked in violations(),
        (neutral, value) in neutral_changes(),
    ) {
        let mut case = case(&world);
        apply_violations(&mut case, &world, &picked);
        let before = evaluate(&case, &world.namespace).map(|_| ());
        apply_neutral(&mut case, &neutral, &value);
        let after = evaluate(&case, &world.namespace).map(|_| ());
        prop_assert!(before.is_err());
        prop_assert_eq!(before, after);
    }
}
