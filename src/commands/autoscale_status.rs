//! `kubectl ome autoscale status`: parse → connect → GET the service → binding → base
//! projection → live reads (concurrent) → live evidence in the documented order → print.

use super::failed_read::service_read_failed;
use super::output::print_report;
use crate::cli::args::AutoscaleStatusArgs;
use crate::cli::autoscale::parse;
use crate::collect::autoscale::{get_inference_service, live_reads};
use crate::connect::{self, ConnectionFlags};
use crate::errors::{AutoscaleStatusError, CliError, ReadPreamble, ServiceGet};
use crate::evaluate::autoscale_status::{attach_live, plan, project, report};
use crate::ome::binding::{UidRule, bind};

/// Runs the command.
pub(crate) async fn run(args: AutoscaleStatusArgs, flags: ConnectionFlags) -> Result<(), CliError> {
    let request = parse(&args)?;
    let (conn, client) = connect::open(&flags, |c| {
        ReadPreamble::check_namespace(&c.namespace).map_err(AutoscaleStatusError::from)
    })
    .await?;
    let namespace = &conn.namespace;
    let fetched = get_inference_service(&client, namespace, &request.name, conn.request_timeout)
        .await
        .map_err(|cause| {
            let shown =
                AutoscaleStatusError::Get(ServiceGet::new(namespace, &request.name, cause.clone()));
            service_read_failed(shown, namespace, &request.name, &cause, &flags)
        })?;
    let isvc = &fetched.view;
    bind(&isvc.metadata, namespace, &request.name, UidRule::Present)
        .map_err(AutoscaleStatusError::Binding)?;
    let mut projection = project(isvc);
    let live = request.live;
    if live.live_scale || live.live_scaler {
        let reads = plan(
            isvc,
            &projection.content.components,
            live.live_scale,
            live.live_scaler,
        );
        let results = live_reads(&client, namespace, &reads, conn.request_timeout).await;
        attach_live(isvc, &mut projection, live, &results);
    }
    let report = report(namespace, &request.name, projection, jiff::Timestamp::now());
    print_report(&report, request.output)
        .await
        .map_err(|e| AutoscaleStatusError::from(e).into())
}
