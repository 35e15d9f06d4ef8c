//! The fault matrix for `scale` (real, `--dry-run server`, `--dry-run client`) through the
//! test proxy in front of the real API server. A fault on a read refuses with the fixed API
//! message (or the context error for a timeout) before any PATCH; on the revalidation's service
//! read it is "source changed", also before any PATCH. A fault on the PATCH leaves
//! the outcome unknown (exit 4) whether or not the server stored it: the proxy sees exactly one
//! PATCH (never a retry) and the audit log shows whether it reached the server.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::{faults_support, scale_support, support};
use faults_support::*;
use ome_testenv::{ChatFixture, Controller, FAULT_SENTINEL};
use scale_support::{API, CHANGED, CONFIRMED, UNKNOWN, args, assert_after_preview, assert_error};
use support::Run;

/// What one run left: its output, the PATCHes the proxy saw and the server audited, and the
/// IR's stored `spec.replicas`.
struct Seen {
    run: Run,
    sent: usize,
    audited: usize,
    stored: i64,
}

/// Runs a confirmed scale of `chat`'s engine to 3 with `trouble` on `target` (named `on` in the
/// matrix row).
async fn scale_under(
    trouble: Trouble,
    dry_run: &str,
    target: fn(&str) -> Target,
    on: &str,
) -> Seen {
    let c = cluster();
    let ns = c.namespace("faults-scale").await.unwrap();
    let admin = c.admin().await.unwrap();
    ChatFixture::new().create(&admin, &ns).await.unwrap();
    let rig = Rig::new(trouble, "scaler", &target(&ns), false);
    let extra = [&CONFIRMED[..], &["--dry-run", dry_run]].concat();
    let run = rig.run(trouble, &args(&ns, "engine", "3", &extra)).await;
    rig.assert_foreign_untouched();
    let audited = audited_patches(&ns, "scaler").await.len();
    let ir = Controller::new(admin).ir(&ns, "chat-engine").await.unwrap();
    let seen = Seen {
        sent: rig.sent("PATCH"),
        audited,
        stored: ir["spec"]["replicas"].as_i64().unwrap(),
        run,
    };
    print_row(
        trouble,
        &format!("scale --dry-run {dry_run} ({on})"),
        &seen.run,
        Some((seen.sent, seen.audited)),
    );
    assert!(
        !seen.run.stderr.contains(FAULT_SENTINEL),
        "no server text: {}",
        seen.run.stderr
    );
    seen
}

/// A fault on the PATCH: exit 4 whenever the PATCH may have been stored, and exactly one PATCH
/// sent; it reached the server exactly when the fault forwards it.
async fn patch_faults(dry_run: &str) {
    let cases = ALL.map(|t| (t.name(), t));
    support::each_fault(cases, |_, trouble| async move {
        let what = format!("{} on the PATCH, --dry-run {dry_run}", trouble.name());
        let seen = scale_under(trouble, dry_run, Target::scale_patch, "PATCH").await;
        let stores = dry_run == "none" && trouble.forwards();
        assert_eq!(seen.stored, if stores { 3 } else { 2 }, "{what}");
        match trouble {
            Trouble::Latency => {
                assert_eq!(
                    (seen.run.code, seen.sent, seen.audited),
                    (0, 1, 1),
                    "{what}"
                );
                assert!(seen.run.stdout.starts_with("FIELD "), "{what}");
            }
            // No connection can be made: refused at the first read, nothing sent.
            Trouble::ForeignCa => {
                assert_error(&seen.run, API, 1);
                assert_eq!((seen.sent, seen.audited), (0, 0), "{what}");
            }
            _ => {
                assert_after_preview(&seen.run, UNKNOWN, 4);
                assert_eq!(seen.sent, 1, "one PATCH, never retried: {what}");
                assert_eq!(seen.audited, usize::from(trouble.forwards()), "{what}");
            }
        }
    })
    .await;
}

#[tokio::test]
async fn faults_on_the_patch_of_a_real_scale() {
    patch_faults("none").await;
}

#[tokio::test]
async fn faults_on_the_patch_of_a_server_dry_run() {
    patch_faults("server").await;
}

/// A fault on the stage-1 read of the service: the fixed API message (the context error for a
/// read past its time limit), exit 1, before the preview, and no PATCH in any mode.
#[tokio::test]
async fn faults_on_a_read_refuse_before_any_patch() {
    let cases = ["none", "server", "client"]
        .into_iter()
        .flat_map(|dry_run| {
            ALL.map(|t| {
                (
                    format!("{} on the service GET, --dry-run {dry_run}", t.name()),
                    (dry_run, t),
                )
            })
        });
    support::each_fault(cases, |what, (dry_run, trouble)| async move {
        let seen = scale_under(trouble, dry_run, Target::isvc, "service GET").await;
        if trouble == Trouble::Latency {
            assert_eq!(seen.run.code, 0, "{what}: {:?}", seen.run);
            let patches = usize::from(dry_run != "client");
            assert_eq!((seen.sent, seen.audited), (patches, patches), "{what}");
            assert_eq!(seen.stored, if dry_run == "none" { 3 } else { 2 });
            return;
        }
        let message = match trouble {
            Trouble::PastTimeout => "context deadline exceeded",
            _ => API,
        };
        assert_error(&seen.run, message, 1);
        assert_eq!((seen.sent, seen.audited, seen.stored), (0, 0, 2), "{what}");
    })
    .await;
}

/// A fault on a later read. On the IR's `/scale` (stage 1, before the preview) it is the generic
/// API refusal. On the service read again by the source revalidation (after the preview) it is
/// "source changed" (scale.md §2.7); that read has a fixed 10 s limit, so an answer held 3 s past
/// `--request-timeout=1s` is still good and the scale goes through. Latency and the foreign CA
/// hit every request: the service GET rows cover them.
#[tokio::test]
async fn faults_on_the_scale_read_and_the_revalidation_read() {
    let troubles = ALL
        .into_iter()
        .filter(|t| t.fails() && *t != Trouble::ForeignCa);
    support::each_fault(troubles.map(|t| (t.name(), t)), |_, trouble| async move {
        let seen = scale_under(trouble, "none", Target::scale_get, "/scale GET").await;
        let message = match trouble {
            Trouble::PastTimeout => "context deadline exceeded",
            _ => API,
        };
        assert_error(&seen.run, message, 1);
        let what = format!("{} on the /scale GET", trouble.name());
        assert_eq!((seen.sent, seen.audited, seen.stored), (0, 0, 2), "{what}");

        let seen = scale_under(trouble, "none", Target::isvc_again, "revalidation GET").await;
        let what = format!("{} on the revalidation GET", trouble.name());
        if trouble == Trouble::PastTimeout {
            assert_eq!(seen.run.code, 0, "{what}: {:?}", seen.run);
            assert_eq!((seen.sent, seen.audited, seen.stored), (1, 1, 3), "{what}");
        } else {
            assert_after_preview(&seen.run, CHANGED, 1);
            assert_eq!((seen.sent, seen.audited, seen.stored), (0, 0, 2), "{what}");
        }
    })
    .await;
}

/// The PATCH's own connection is reset as it is accepted, so not a byte of the PATCH leaves the
/// client. The spec (scale.md §6.1) still reports a network error on the write as an unknown
/// outcome; the test pins that, and that nothing reached the proxy or the server.
#[tokio::test]
async fn a_reset_before_any_patch_byte_left_is_still_an_unknown_outcome() {
    let reads = reads_before_patch().await;
    let c = cluster();
    let ns = c.namespace("faults-scale-connect").await.unwrap();
    let admin = c.admin().await.unwrap();
    ChatFixture::new().create(&admin, &ns).await.unwrap();
    let proxy = ome_testenv::Proxy::start(c, ome_testenv::ProxyOptions::default()).unwrap();
    proxy.one_request_per_connection();
    proxy.reset_connections_from(reads + 1);
    let kubeconfig = proxy.kubeconfig_via_proxy("scaler").unwrap();
    let run = support::plugin_async(Some(&kubeconfig), &args(&ns, "engine", "3", &CONFIRMED)).await;
    assert_eq!(proxy.held_connections(), 1);
    let seen = proxy.requests();
    assert_eq!(seen.len(), reads, "{seen:#?}");
    assert!(seen.iter().all(|r| r.method == "GET"));
    assert_after_preview(&run, UNKNOWN, 4);
    assert!(audited_patches(&ns, "scaler").await.is_empty());
    let ir = Controller::new(admin).ir(&ns, "chat-engine").await.unwrap();
    assert_eq!(ir["spec"]["replicas"], 2);
    println!(
        "MATRIX | reset before the PATCH left (connect) | scale --dry-run none | exit {} | {} | PATCH sent 0, reached server 0",
        run.code,
        run.stderr.lines().last().unwrap_or_default()
    );
}
