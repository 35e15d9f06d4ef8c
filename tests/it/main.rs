//! The integration tests: one crate (one binary, one API server) with a module per area, so
//! that cargo links the plugin's tests once and the tests that wait on the server run
//! concurrently (`.cargo/config.toml` sets the test threads above the core count).

// The whole crate is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

// Support shared by the areas.
mod docs_support;
mod evidence_support;
mod faults_support;
mod layout_checks;
mod scale_support;
mod support;
mod wait_support;

// The areas.
// libtest starts tests in name order, so the waits that must first let their objects age out of
// the API server's watch cache (about 80 s) are named to start first, not last.
mod action_result;
mod admin_doctor;
mod aged_wait;
mod architecture;
mod auth_provider;
mod autoscale_explain;
mod autoscale_status;
mod bounded_reads;
mod check_lines;
mod cluster_names;
mod completion_files;
mod completion_install;
mod conformance_pinned;
mod conformance_redaction;
mod conformance_scale_pinned;
mod connection;
mod connection_flags;
mod credentials;
mod demo_keep;
mod evidence_rollout;
mod evidence_scale;
mod evidence_wait;
mod fault_campaign;
mod faults_diagnose;
mod faults_logs;
mod faults_reads;
mod faults_runtime;
mod faults_scale;
mod faults_wait;
mod flag_errors;
mod guarded_faults;
mod help;
mod help_text;
mod hostile_text;
mod instance_list;
mod instance_status;
mod instance_status_evidence;
mod instance_status_messages;
mod krew_install;
mod load;
mod logs;
mod migration_status;
mod next_steps;
mod no_hang;
mod paused_work;
mod proxies;
mod rbac_least_privilege;
mod refused_writes;
mod release_held;
mod retry_blocks;
mod rollout_actions;
mod rollout_explain;
mod rollout_status;
mod runnable_docs;
mod runtime_effective;
mod runtime_explain;
mod runtime_lookup;
mod runtime_selection;
mod scale_args;
mod scale_checks;
mod scale_concurrency;
mod scale_current_replicas;
mod scale_guide;
mod scale_lifecycle;
mod scale_next;
mod scale_permission;
mod scale_read_checks;
mod scale_refusals;
mod scale_sources;
mod service_shapes;
mod signals;
mod status;
mod status_accelerators;
mod status_just_created;
mod terminal_layout;
mod version;
mod wait;
mod wait_flags;
mod wait_transient;
mod wait_watch;
