//! The help sections between the flags and the examples: what each table's columns mean and
//! the exit codes a command can return (read-commands.md §1.2, scale.md §1.4, unblock.md §0.1,
//! diagnose.md §4.2), so a script writer finds both in `--help` without the docs.

/// Joins help sections (a legend, the exit codes, the examples) with one blank line.
pub(crate) fn after(sections: &[&str]) -> String {
    sections.join("\n\n")
}

/// The codes of the whole plugin (the root and the group commands).
pub(crate) const EXIT_ALL: &str = "\
Exit codes (each command's --help lists its own):
  0  success: the report or result was written
  1  error or refusal, nothing changed: arguments, flags, configuration, a failed read,
     a failed check, output, cancellation
  2  wait: the predicate was not met; admin doctor: a required API or a permission is missing
  3  scale, rollout pause/resume, instance release-held: the guarded write's precondition was
     rejected; nothing changed
  4  scale, rollout pause/resume, instance release-held: outcome unknown, the write may or may
     not have been stored";

/// The read-only commands: a report is an answer, whatever the evidence says.
pub(crate) const EXIT_READ: &str = "\
Exit codes:
  0  the report was written (Partial, Unavailable or Invalid evidence included)
  1  error (one `error:` line, nothing on stdout): arguments, flags, configuration, a failed
     read of the service, output, cancellation";

/// The groups whose commands are all read-only.
pub(crate) const EXIT_READ_GROUP: &str = "\
Exit codes (of every command below):
  0  the report was written (Partial, Unavailable or Invalid evidence included)
  1  error (one `error:` line, nothing on stdout)";

pub(crate) const EXIT_VERSION: &str = "\
Exit codes:
  0  the versions were written (an unreadable server or operator version included)
  1  error: flags, configuration, output, cancellation";

pub(crate) const EXIT_COMPLETION: &str = "\
Exit codes:
  0  the script was written, or the completion entry is installed
  1  error: an unknown shell, no kubectl-ome on PATH, the link could not be created";

pub(crate) const EXIT_WAIT: &str = "\
Exit codes:
  0  the predicate matched (the report is written)
  1  error, no report: arguments, flags, configuration, a read that failed or was refused,
     no read succeeded before the timeout, a service that does not exist, cancellation
  2  the report is written and the predicate was not met: timed out, or the service was
     deleted or replaced while waiting (`error: RequestedConditionUnmet`)";

pub(crate) const EXIT_SCALE: &str = "\
Exit codes:
  0  the result was written: the API server accepted the request (or the dry run passed)
  1  refused or failed before the write, nothing changed: arguments, configuration, a failed
     read, a failed check (the `scale check:` lines name it), confirmation, cancellation
  3  the API server rejected the resourceVersion guard (or --current-replicas differed);
     nothing changed: inspect the current status and prepare a new request
  4  outcome unknown: the write failed in a way that does not show whether it was stored;
     inspect `kubectl ome autoscale status` before another request";

pub(crate) const EXIT_ROLLOUT_ACTION: &str = "\
Exit codes:
  0  the result was written: the API server accepted the change (or the dry run passed)
  1  refused or failed before the write, nothing changed: arguments, configuration, a failed
     read, a failed check, no --yes, cancellation
  3  the API server rejected the resourceVersion guard; nothing changed
  4  outcome unknown: the write may or may not have been stored; inspect
     `kubectl ome rollout status` before another request";

pub(crate) const EXIT_ROLLOUT_GROUP: &str = "\
Exit codes:
  0  the report or result was written
  1  error or refusal; nothing changed
  3  pause/resume: the guarded write's precondition was rejected; nothing changed
  4  pause/resume: outcome unknown, the write may or may not have been stored";

pub(crate) const EXIT_DOCTOR: &str = "\
Exit codes:
  0  the report was written and nothing required is missing
  1  error, no report: flags, arguments, configuration, the collection failed, output
  2  the report was written and a required API is missing, or (--access) a review answered
     Denied or NotAllowed";

pub(crate) const EXIT_ADMIN_GROUP: &str = EXIT_DOCTOR;

pub(crate) const AUTOSCALE_STATUS_COLUMNS: &str = "\
Rows (one column per component; SERVICE holds STATE and ISSUES; a row shows only with values):
  STATE             Reported, Partial, NotReported or Invalid; SERVICE: the worst of them
  PAUSE             a paused service: Paused, Freeze or Unrecognized
  CLASS             the autoscaler class: HPA, KEDA, External, None (Unknown: not reported)
  MANAGED-BY        who sets the count: ome, external (your own autoscaler), none
  SPEC-SOURCE       where the autoscaler spec came from: isvc, runtime, policy, default
  POLICY-STATE, POLICY  the autoscaler policy, when one is reported
  TARGET-KIND, TARGET-NAME, TARGET-EVIDENCE  the scale target the controller publishes
                    (IR = InferenceReplica) and whether it is valid
  CURRENT, DESIRED  the counts the controller reports for the autoscaler
  REPLICA-EVIDENCE  whether they can be trusted (Ambiguous when both are 0; Unavailable when
                    the class reports none, as for External)
  LIVE-EVIDENCE     --live-scale: Reported, or why not (Stale: the replica has not observed
                    its latest generation yet, as right after a scale; Changed, Forbidden, ...)
  LIVE-SPEC         the count asked for (/scale spec.replicas)
  LIVE-CURRENT      the Instances that exist (/scale status.replicas)
  LIVE-COUNT        Equal or Drift against CURRENT/DESIRED, else Unknown
  SCALER-*          --live-scaler: the HPA or ScaledObject OME owns (KIND, EVIDENCE, GEN:
                    Matched or Unproven, its counts and conditions)
  LAST-SCALE        the last scale time (UTC), e.g. Aug31 18:20Z
  COND-EVIDENCE     whether the autoscaler's conditions are recorded on the service:
  ABLE-TO-SCALE, SCALING-ACTIVE, SCALING-LIMITED, READY, ACTIVE, FALLBACK, PAUSED  their status
  OTHER             components of an unknown type, counted
  ISSUES            problems in the evidence, as the aliases above";

pub(crate) const AUTOSCALE_EXPLAIN_COLUMNS: &str = "\
Rows (one column per component):
  STATE               OK, Mismatch, or why no comparison was possible
  MODE                the deployment mode (Native for OMENative)
  POLICY              the component's scaling policy
  DESIRED             the class and the winning layer the runtime and service resolve to
  RANGE               the bounds, min..max
  ZERO                scale-to-zero settings
  EXPECTED-TARGET     the scale target the component should have
  REPORTED            what the service reports: class, layer, manager
  REPORTED-TARGET     the scale target the service reports
  CUR/DES             the reported current and desired counts
  LAST-SCALE          the last scale time (UTC)
  CONDITION-EVIDENCE  whether the autoscaler's conditions are reported
  CONDITIONS          those conditions
  CHECK               the verdict of the comparison: match or mismatch
  WHY                 the top reason (class-mismatch, status-stale, ...) and how many more";

pub(crate) const INSTANCE_LIST_COLUMNS: &str = "\
Columns:
  COMP      the component: engine rows first, then decoder, then router, each by index
  IDX/INC   the Instance's index and incarnation (a replaced Instance keeps its index,
            with a new incarnation)
  PHASE     Pending, Creating, Ready, Updating, Restarting, Migrating, Failed or Deleting
  PODS      Pods serving / available / total
  REVS      the revision it runs > the revision it should run (>target if it never ran; one
            name when they are equal), middle-shortened
  AOF       A admitted, O an operation in flight, F a last failure recorded (- when not)
  EVIDENCE  how far the component's status can be trusted: OK, SPARSE (indices with gaps),
            EMPTY, STALE:<observed>/<generation>, NOT-OBSERVED, NOT-REPORTED, BAD:...,
            UNAVAILABLE";

pub(crate) const INSTANCE_STATUS_COLUMNS: &str = "\
Rows: FIELD names one fact, VALUE holds it; the table shortens long values, -o wide lists
every fact unshortened on its own row. A pod row shows its phase, readiness and restarts; an
event row a Warning event's reason and count, and the event msg row below it the event's
message (sanitised, at most 200 characters).";

pub(crate) const ROLLOUT_STATUS_COLUMNS: &str = "\
Rows (one column per component; SERVICE holds the five summary rows):
  STATE         what the CLI can vouch for (Unknown when it rests on controller status it
                cannot tie to the current generation)
  REPORTED      the controller's aggregate: Failed, RollingBack, RolledBack, Paused, Unknown,
                InProgress, Staged, Succeeded; NotConfigured without rollouts
  EVIDENCE      Declared (spec only) or Reported (controller status)
  EPOCH         NotApplicable, Unverifiable, ...
  COORDINATION  the groups' RolloutCoordinationReady condition
  GROUP, STRATEGY, GROUP-PHASE, PHASE, GROUP-CURRENT, GROUP-PREVIOUS  the rollout group, its
                strategy (Independent, Canary, BlueGreen, ...) and phases
  STEP, GATE, CAPACITY, TRAFFIC  the canary step (2/4), its gate, capacity and traffic
                (target% -> observed%)
  ROLLED-OUT, READY, PREVIOUS  revision hashes
  ISSUES        Code or Code(group=N)";

pub(crate) const ROLLOUT_EXPLAIN_COLUMNS: &str = "\
Rows (VIEW ITEM DETAIL; -o wide: one row per view, group and step):
  Declared, Live, Effective  the plan as the spec declares it, as it resolves now (shown
                while a run is active) and as it takes effect (pinned by the run, else live)
  PLAN          mode (Live or Pinned), evidence and the number of groups
  READY, DRIFT  the RolloutPlanReady and RolloutPlanDrift conditions (Unobserved when absent,
                Invalid when malformed)
  HOLD          what holds the rollout: GlobalPause (ome.io/rollout-paused), PlanParked,
                CanaryPreStep, ObservedPaused (a group paused at a gate)
  GROUP         strategy; components; source=<evidence>/<Inline|Policy|Defaulted>
  CONFIG        policy, digests, shadowed policy, soak, surge, unavailable, ratio:
                value(Source;Effect)
  PHASE, SEQUENCE, REVISIONS, TRAFFIC  the observed progress of the group (rollout status)
  STEP          capacity, traffic and gate of each step
  COMPONENT     an observed component outside every group
  ISSUES        explain and observed issue codes";

pub(crate) const MIGRATION_STATUS_COLUMNS: &str = "\
Columns:
  SUBJECT/COMP  the first 8 characters of the request ID and the component; REPORT/- or a
                replica's name for problems that belong to no record; -/- when there is none
  STATUS        <phase>/<class>/<freshness>: the phase, Active or Terminal, and whether the
                record is current
  DETAIL        MSG: <message> (shortened), an issue code, or -";

pub(crate) const STATUS_COLUMNS: &str = "\
Rows: FIELD names one fact, VALUE holds it (-o wide: every fact, with event messages). A
component row shows its readiness and Pods; the family rows (Rollout, Autoscaling, Placement,
Traffic, Runtime, Accelerator) their evidence; a detail row the command that shows more.";

pub(crate) const DOCTOR_COLUMNS: &str = "\
Columns:
  SUBJECT   the check: the API resources OME uses, the manager Deployment, --isvc's service,
            its features and, with --access, each access review
  EVIDENCE  Available, NotDiscoverableAtVersion, Forbidden, Unavailable, ...; for an access
            review Allowed, Denied, NotAllowed, Indeterminate or Unavailable
  DETAIL    Required or Optional, the object read, or what was asked";

pub(crate) const WAIT_COLUMNS: &str = "\
Rows: FIELD names one fact of the report, VALUE holds it. Every report has Service,
Requested, Outcome (Matched, TimedOut, NotFound, Deleted, Replaced), Reason, Evidence, Source
method (InitialGET, Poll, Watch, RefreshGET), Elapsed milliseconds and the request counts.";

pub(crate) const SCALE_COLUMNS: &str = "\
Rows: FIELD names one fact of the preview or result, VALUE holds it: the target (parent, IR,
their UIDs and resourceVersion), /scale spec.replicas before -> after, the verified bounds,
ownership and source, the dry-run mode, the reported Instances and, in the result, accepted,
applied and follow-up (the next command to run, printed whole).";

pub(crate) const ROLLOUT_ACTION_COLUMNS: &str = "\
Rows: FIELD names one fact of the preview or result, VALUE holds it: the service and its
identity, the pause depth before -> after, the work observed and the dry-run mode.";

/// `logs` prints workload lines, not a report.
pub(crate) const EXIT_LOGS: &str = "\
Exit codes:
  0  every selected pod's log was read to its end (or to --tail, --since, --limit-bytes)
  1  error (one `error:` line): arguments, flags, configuration, pod discovery, a log request
     or a line over the bound, a closed output, cancellation";

pub(crate) const RUNTIME_EFFECTIVE_COLUMNS: &str = "\
Rows (SCOPE FIELD VALUE; -o wide: one row per view and component):
  Live     the runtime where OME's controller looks now (its inherit-from parents merged)
  Active   the runtime the service runs: the pinned ControllerRevision, else the live one
  Service  the service's own rows: PIN, SYNC, STATUS, DRIFT, LIVE-RELATION, ISSUE
  STATE, REASON  whether the view could be read and why not
  RUNTIME  CSR/<name> (ClusterServingRuntime) or SR/<namespace>/<name> (ServingRuntime)
  REVISION, HASH  the pinned ControllerRevision and its hash
  ENGINE, DECODER, ROUTER  <deployment mode> (<where the mode comes from>)
  PIN      <mode>/<state>: AutoSync or ExplicitPin, and whether the pin resolved
  SYNC     the runtime-sync acknowledgement the controller reported
  STATUS   whether the service's status is current for its generation
  DRIFT    the RuntimeDrifted condition as reported (<state>[/<cause>])
  LIVE-RELATION  the live runtime against the active one
  ISSUE    one row per problem found in the evidence";

pub(crate) const EXIT_RELEASE_HELD: &str = "\
Exit codes:
  0  the result was written: the API server accepted the change (or the dry run passed)
  1  refused or failed before the write, nothing changed: arguments, configuration, a failed
     read, a failed check (the `release-held check:` lines name it), no --yes, cancellation
  3  the API server rejected the resourceVersion guard, or the refresh after the preview saw
     a change; nothing changed
  4  outcome unknown: the write may or may not have been stored; inspect
     `kubectl ome instance retry-blocks` before another request";

/// The instance group: reports, and one guarded write.
pub(crate) const EXIT_INSTANCE_GROUP: &str = "\
Exit codes:
  0  the report or result was written
  1  error or refusal; nothing changed
  3  release-held: the guarded write's precondition was rejected; nothing changed
  4  release-held: outcome unknown, the write may or may not have been stored";

pub(crate) const RELEASE_HELD_COLUMNS: &str = "\
Rows: FIELD names one fact of the preview or result, VALUE holds it: the service, the
InferenceReplica and its identity, the held revision and its retry block, the mailbox before ->
after and the dry-run mode.";
