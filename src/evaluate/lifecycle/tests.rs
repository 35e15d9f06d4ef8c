use super::*;
use proptest::prelude::*;
use serde_json::json;

fn budgets(unavailable: Value, surge: Value) -> Value {
    json!({"updateStrategy": {"rollingUpdate": {"maxUnavailable": unavailable, "maxSurge": surge}}})
}

fn one_budget(field: &str, value: Value) -> Value {
    json!({"updateStrategy": {"rollingUpdate": {field: value}}})
}

#[test]
fn the_percentage_grammar() {
    let cases: [(&str, Option<u8>); 26] = [
        ("0%", Some(0)),
        ("1%", Some(1)),
        ("25%", Some(25)),
        ("99%", Some(99)),
        ("100%", Some(100)),
        ("+0%", Some(0)),
        ("-0%", Some(0)),
        ("+25%", Some(25)),
        ("+100%", Some(100)),
        ("007%", Some(7)),
        ("0100%", Some(100)),
        ("101%", None),
        ("150%", None),
        ("-1%", None),
        ("-100%", None),
        ("25", None),
        ("abc%", None),
        ("%", None),
        ("+%", None),
        ("-%", None),
        ("1.5%", None),
        (" 25%", None),
        ("25 %", None),
        ("25%%", None),
        ("99999999999999999999%", None),
        ("", None),
    ];
    for (text, expected) in cases {
        assert_eq!(parse_percent(text), expected, "{text:?}");
        assert_eq!(
            parse_budget(&json!(text)),
            expected.map(Budget::Percent),
            "{text:?}"
        );
    }
    // Unicode digits and other signs are not decimal digits.
    for text in ["٣%", "²%", "++1%", "+-0%", "1e2%", "0x10%", "25%\n"] {
        assert_eq!(parse_percent(text), None, "{text:?}");
    }
}

#[test]
fn integer_budgets_within_int32() {
    let cases = [
        (json!(0), Some(Budget::Count(0))),
        (json!(1), Some(Budget::Count(1))),
        (json!(100), Some(Budget::Count(100))),
        (json!(101), Some(Budget::Count(101))),
        (json!(i32::MAX), Some(Budget::Count(i32::MAX))),
        (json!(i64::from(i32::MAX) + 1), None),
        (json!(u64::MAX), None),
        (json!(-1), None),
        (json!(i32::MIN), None),
        (json!(1.5), None),
        (json!(1.0), None),
        (json!(true), None),
        (json!(null), None),
        (json!([1]), None),
        (json!({"value": 1}), None),
    ];
    for (value, expected) in cases {
        assert_eq!(parse_budget(&value), expected, "{value}");
    }
}

#[test]
fn the_issue_cases_are_refused_with_their_field() {
    let cases = [
        (budgets(json!("0%"), json!(0)), LifecycleField::ZeroBudgets),
        (
            one_budget("maxUnavailable", json!("150%")),
            LifecycleField::MaxUnavailable,
        ),
        (
            one_budget("maxUnavailable", json!(-1)),
            LifecycleField::MaxUnavailable,
        ),
        (
            one_budget("maxSurge", json!("25")),
            LifecycleField::MaxSurge,
        ),
        (
            json!({"minReadySeconds": -1}),
            LifecycleField::MinReadySeconds,
        ),
    ];
    for (lifecycle, field) in cases {
        assert_eq!(validate(Some(&lifecycle)), Err(field), "{lifecycle}");
    }
}

#[test]
fn explicit_zero_in_both_budgets_in_every_spelling() {
    let zeros = [
        json!(0),
        json!("0%"),
        json!("+0%"),
        json!("-0%"),
        json!("000%"),
    ];
    for a in &zeros {
        for b in &zeros {
            assert_eq!(
                validate(Some(&budgets(a.clone(), b.clone()))),
                Err(LifecycleField::ZeroBudgets),
                "{a} {b}"
            );
        }
        // One zero alone, or a zero beside an unset budget, can start a rollout.
        assert_eq!(validate(Some(&budgets(a.clone(), json!(1)))), Ok(()));
        assert_eq!(validate(Some(&budgets(json!("1%"), a.clone()))), Ok(()));
        assert_eq!(validate(Some(&one_budget("maxSurge", a.clone()))), Ok(()));
        assert_eq!(
            validate(Some(&budgets(a.clone(), Value::Null))),
            Ok(()),
            "null is unset"
        );
    }
}

#[test]
fn valid_lifecycles_pass() {
    let cases = [
        json!(null),
        json!({}),
        budgets(json!("25%"), json!(1)),
        budgets(json!(0), json!("100%")),
        budgets(json!(i32::MAX), json!("+100%")),
        json!({"minReadySeconds": 0}),
        json!({"minReadySeconds": i32::MAX}),
        json!({"updateStrategy": {}}),
        json!({"updateStrategy": {"type": "SurgeThenDrain", "rollingUpdate": {}}}),
        json!({"updateStrategy": {"type": "", "rollingUpdate": {"partition": 0}}}),
        json!({"restartPolicy": "RecreateInstanceOnPodRestart", "readyPolicy": "None",
               "migrationPolicy": {"mode": "Never"}, "instanceReadyTimeout": "20m",
               "updateStrategy": {"type": "InPlaceOnly",
                   "inPlaceUpdateStrategy": {"gracePeriodSeconds": 0, "markNotReadyDuringLifecycle": true}}}),
    ];
    for lifecycle in cases {
        assert_eq!(validate(Some(&lifecycle)), Ok(()), "{lifecycle}");
    }
    assert_eq!(validate(None), Ok(()));
}

#[test]
fn every_other_rule_names_its_field() {
    let cases = [
        (json!("SurgeThenDrain"), LifecycleField::Lifecycle),
        (json!([]), LifecycleField::Lifecycle),
        (
            json!({"minReadySeconds": i64::from(i32::MAX) + 1}),
            LifecycleField::MinReadySeconds,
        ),
        (
            json!({"minReadySeconds": "5"}),
            LifecycleField::MinReadySeconds,
        ),
        (
            json!({"minReadySeconds": 1.5}),
            LifecycleField::MinReadySeconds,
        ),
        (
            json!({"updateStrategy": "x"}),
            LifecycleField::UpdateStrategy,
        ),
        (
            json!({"updateStrategy": {"type": "Rolling"}}),
            LifecycleField::UpdateStrategyType,
        ),
        (
            json!({"updateStrategy": {"type": 1}}),
            LifecycleField::UpdateStrategyType,
        ),
        (
            json!({"updateStrategy": {"rollingUpdate": 3}}),
            LifecycleField::RollingUpdate,
        ),
        (
            json!({"updateStrategy": {"rollingUpdate": {"partition": -1}}}),
            LifecycleField::Partition,
        ),
        (
            json!({"updateStrategy": {"inPlaceUpdateStrategy": {"gracePeriodSeconds": -1}}}),
            LifecycleField::GracePeriodSeconds,
        ),
        (
            json!({"updateStrategy": {"inPlaceUpdateStrategy": []}}),
            LifecycleField::InPlaceUpdateStrategy,
        ),
        (
            json!({"restartPolicy": "Always"}),
            LifecycleField::RestartPolicy,
        ),
        (
            json!({"readyPolicy": "AnyPodReady"}),
            LifecycleField::ReadyPolicy,
        ),
        (
            json!({"migrationPolicy": "Auto"}),
            LifecycleField::MigrationPolicy,
        ),
        (
            json!({"migrationPolicy": {"mode": "auto"}}),
            LifecycleField::MigrationPolicyMode,
        ),
    ];
    for (lifecycle, field) in cases {
        assert_eq!(validate(Some(&lifecycle)), Err(field), "{lifecycle}");
    }
}

#[test]
fn budget_boundaries() {
    for (value, ok) in [
        (json!("0%"), true),
        (json!("100%"), true),
        (json!("101%"), false),
        (json!(0), true),
        (json!(100), true),
        (json!(101), true),
        (json!(i32::MAX), true),
        (json!(i64::from(i32::MAX) + 1), false),
        (json!(-1), false),
        (json!(i32::MIN), false),
    ] {
        for field in ["maxUnavailable", "maxSurge"] {
            assert_eq!(
                validate(Some(&one_budget(field, value.clone()))).is_ok(),
                ok,
                "{field}={value}"
            );
        }
    }
}

/// Any JSON value, nested a few levels, with the numbers and strings budgets care about.
fn any_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<f64>()
            .prop_map(|f| serde_json::Number::from_f64(f).map_or(Value::Null, Value::Number)),
        "[+-]?[0-9]{0,25}%?".prop_map(Value::from),
        ".*".prop_map(Value::from),
    ];
    leaf.prop_recursive(4, 48, 6, |inner| {
        let keys = prop_oneof![
            Just("updateStrategy".to_string()),
            Just("rollingUpdate".to_string()),
            Just("maxSurge".to_string()),
            Just("maxUnavailable".to_string()),
            Just("partition".to_string()),
            Just("minReadySeconds".to_string()),
            Just("migrationPolicy".to_string()),
            Just("inPlaceUpdateStrategy".to_string()),
            Just("type".to_string()),
            "[a-zA-Z]{1,12}",
        ];
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::btree_map(keys, inner, 0..6)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

proptest! {
    #![proptest_config(property_config!(256))]

    #[test]
    fn validation_never_panics(lifecycle in any_json()) {
        let _ = validate(Some(&lifecycle));
        let _ = parse_budget(&lifecycle);
    }

    #[test]
    fn percent_parsing_never_panics(text in ".*") {
        let _ = parse_percent(&text);
    }

    #[test]
    fn a_signed_percentage_is_valid_exactly_within_0_to_100(
        sign in prop_oneof![Just(""), Just("+"), Just("-")],
        zeros in 0usize..4,
        n in 0u32..1000,
    ) {
        let text = format!("{sign}{}{n}%", "0".repeat(zeros));
        let expected = u8::try_from(n)
            .ok()
            .filter(|v| *v <= 100 && (sign != "-" || *v == 0));
        prop_assert_eq!(parse_percent(&text), expected);
        // The same digits without `%` are never a budget.
        let bare = format!("{sign}{n}");
        prop_assert_eq!(parse_budget(&Value::from(bare)), None);
    }

    #[test]
    fn an_integer_budget_is_valid_exactly_within_0_to_int32_max(n in any::<i64>()) {
        let expected = (0..=i64::from(i32::MAX)).contains(&n);
        prop_assert_eq!(parse_budget(&Value::from(n)).is_some(), expected);
        let lifecycle = one_budget("maxSurge", Value::from(n));
        prop_assert_eq!(validate(Some(&lifecycle)).is_ok(), expected);
    }

    #[test]
    fn both_zero_is_refused_only_when_both_are_zero(a in 0i32..3, b in 0u8..3) {
        let lifecycle = budgets(Value::from(a), Value::from(format!("{b}%")));
        let refused = a == 0 && b == 0;
        prop_assert_eq!(validate(Some(&lifecycle)) == Err(LifecycleField::ZeroBudgets), refused);
        prop_assert_eq!(validate(Some(&lifecycle)).is_ok(), !refused);
    }
}
