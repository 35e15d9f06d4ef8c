
using namespace System.Management.Automation
using namespace System.Management.Automation.Language

Register-ArgumentCompleter -Native -CommandName 'kubectl-ome' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $commandElements = $commandAst.CommandElements
    $command = @(
        'kubectl-ome'
        for ($i = 1; $i -lt $commandElements.Count; $i++) {
            $element = $commandElements[$i]
            if ($element -isnot [StringConstantExpressionAst] -or
                $element.StringConstantType -ne [StringConstantType]::BareWord -or
                $element.Value.StartsWith('-') -or
                $element.Value -eq $wordToComplete) {
                break
        }
        $element.Value
    }) -join ';'

    $completions = @(switch ($command) {
        'kubectl-ome' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file to use (otherwise $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The name of the kubeconfig context to use')
            [CompletionResult]::new('--cluster', '--cluster', [CompletionResultType]::ParameterName, 'The name of the kubeconfig cluster to use')
            [CompletionResult]::new('--user', '--user', [CompletionResultType]::ParameterName, 'The name of the kubeconfig user to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The namespace scope for this request (otherwise the context''s namespace, then default)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The namespace scope for this request (otherwise the context''s namespace, then default)')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Time to wait for a single server request (e.g. 10s, 1m; 0 means no timeout)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('autoscale', 'autoscale', [CompletionResultType]::ParameterValue, 'Inspect autoscaling configuration and evidence')
            [CompletionResult]::new('instance', 'instance', [CompletionResultType]::ParameterValue, 'Inspect controller-reported logical instances')
            [CompletionResult]::new('migration', 'migration', [CompletionResultType]::ParameterValue, 'Inspect and request OMENative migrations')
            [CompletionResult]::new('rollout', 'rollout', [CompletionResultType]::ParameterValue, 'Inspect InferenceService rollouts')
            [CompletionResult]::new('scale', 'scale', [CompletionResultType]::ParameterValue, 'Guard a transient, positive replica request for an OMENative component (alpha)')
            [CompletionResult]::new('version', 'version', [CompletionResultType]::ParameterValue, 'Print the client version and, when reachable, the server version')
            [CompletionResult]::new('wait', 'wait', [CompletionResultType]::ParameterValue, 'Wait for reported service, replica, or runtime-sync state')
            [CompletionResult]::new('completion', 'completion', [CompletionResultType]::ParameterValue, 'Print a shell completion script (bash, zsh, fish, powershell), or install the completion entry for `kubectl ome <TAB>`')
            break
        }
        'kubectl-ome;autoscale' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file to use (otherwise $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The name of the kubeconfig context to use')
            [CompletionResult]::new('--cluster', '--cluster', [CompletionResultType]::ParameterName, 'The name of the kubeconfig cluster to use')
            [CompletionResult]::new('--user', '--user', [CompletionResultType]::ParameterName, 'The name of the kubeconfig user to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The namespace scope for this request (otherwise the context''s namespace, then default)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The namespace scope for this request (otherwise the context''s namespace, then default)')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Time to wait for a single server request (e.g. 10s, 1m; 0 means no timeout)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Show controller-reported autoscaling status')
            break
        }
        'kubectl-ome;autoscale;status' {
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, wide, json or yaml')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, wide, json or yaml')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file to use (otherwise $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The name of the kubeconfig context to use')
            [CompletionResult]::new('--cluster', '--cluster', [CompletionResultType]::ParameterName, 'The name of the kubeconfig cluster to use')
            [CompletionResult]::new('--user', '--user', [CompletionResultType]::ParameterName, 'The name of the kubeconfig user to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The namespace scope for this request (otherwise the context''s namespace, then default)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The namespace scope for this request (otherwise the context''s namespace, then default)')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Time to wait for a single server request (e.g. 10s, 1m; 0 means no timeout)')
            [CompletionResult]::new('--live-scale', '--live-scale', [CompletionResultType]::ParameterName, 'Also read the selected InferenceReplica and its /scale')
            [CompletionResult]::new('--live-scaler', '--live-scaler', [CompletionResultType]::ParameterName, 'Also read the OME-managed HPA or KEDA ScaledObject')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'kubectl-ome;instance' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file to use (otherwise $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The name of the kubeconfig context to use')
            [CompletionResult]::new('--cluster', '--cluster', [CompletionResultType]::ParameterName, 'The name of the kubeconfig cluster to use')
            [CompletionResult]::new('--user', '--user', [CompletionResultType]::ParameterName, 'The name of the kubeconfig user to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The namespace scope for this request (otherwise the context''s namespace, then default)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The namespace scope for this request (otherwise the context''s namespace, then default)')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Time to wait for a single server request (e.g. 10s, 1m; 0 means no timeout)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List controller-reported logical instances')
            break
        }
        'kubectl-ome;instance;list' {
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json or yaml')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json or yaml')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file to use (otherwise $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The name of the kubeconfig context to use')
            [CompletionResult]::new('--cluster', '--cluster', [CompletionResultType]::ParameterName, 'The name of the kubeconfig cluster to use')
            [CompletionResult]::new('--user', '--user', [CompletionResultType]::ParameterName, 'The name of the kubeconfig user to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The namespace scope for this request (otherwise the context''s namespace, then default)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The namespace scope for this request (otherwise the context''s namespace, then default)')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Time to wait for a single server request (e.g. 10s, 1m; 0 means no timeout)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'kubectl-ome;migration' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file to use (otherwise $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The name of the kubeconfig context to use')
            [CompletionResult]::new('--cluster', '--cluster', [CompletionResultType]::ParameterName, 'The name of the kubeconfig cluster to use')
            [CompletionResult]::new('--user', '--user', [CompletionResultType]::ParameterName, 'The name of the kubeconfig user to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The namespace scope for this request (otherwise the context''s namespace, then default)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The namespace scope for this request (otherwise the context''s namespace, then default)')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Time to wait for a single server request (e.g. 10s, 1m; 0 means no timeout)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Show live InferenceReplica migration status')
            break
        }
        'kubectl-ome;migration;status' {
            [CompletionResult]::new('--component', '--component', [CompletionResultType]::ParameterName, 'Only this component: engine, decoder or router')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json or yaml')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json or yaml')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file to use (otherwise $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The name of the kubeconfig context to use')
            [CompletionResult]::new('--cluster', '--cluster', [CompletionResultType]::ParameterName, 'The name of the kubeconfig cluster to use')
            [CompletionResult]::new('--user', '--user', [CompletionResultType]::ParameterName, 'The name of the kubeconfig user to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The namespace scope for this request (otherwise the context''s namespace, then default)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The namespace scope for this request (otherwise the context''s namespace, then default)')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Time to wait for a single server request (e.g. 10s, 1m; 0 means no timeout)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'kubectl-ome;rollout' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file to use (otherwise $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The name of the kubeconfig context to use')
            [CompletionResult]::new('--cluster', '--cluster', [CompletionResultType]::ParameterName, 'The name of the kubeconfig cluster to use')
            [CompletionResult]::new('--user', '--user', [CompletionResultType]::ParameterName, 'The name of the kubeconfig user to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The namespace scope for this request (otherwise the context''s namespace, then default)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The namespace scope for this request (otherwise the context''s namespace, then default)')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Time to wait for a single server request (e.g. 10s, 1m; 0 means no timeout)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Show rollout progress for an InferenceService')
            break
        }
        'kubectl-ome;rollout;status' {
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, wide, json or yaml')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, wide, json or yaml')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file to use (otherwise $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The name of the kubeconfig context to use')
            [CompletionResult]::new('--cluster', '--cluster', [CompletionResultType]::ParameterName, 'The name of the kubeconfig cluster to use')
            [CompletionResult]::new('--user', '--user', [CompletionResultType]::ParameterName, 'The name of the kubeconfig user to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The namespace scope for this request (otherwise the context''s namespace, then default)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The namespace scope for this request (otherwise the context''s namespace, then default)')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Time to wait for a single server request (e.g. 10s, 1m; 0 means no timeout)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'kubectl-ome;scale' {
            [CompletionResult]::new('--component', '--component', [CompletionResultType]::ParameterName, 'The component: engine, decoder or router')
            [CompletionResult]::new('--replicas', '--replicas', [CompletionResultType]::ParameterName, 'The requested Instance count (positive, base-10)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, wide, json or yaml')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, wide, json or yaml')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'none, client (no request is sent) or server (the API server checks and stores nothing)')
            [CompletionResult]::new('--override-autoscaler', '--override-autoscaler', [CompletionResultType]::ParameterName, 'Accept that the count''s owner can overwrite the request (required; needs --yes)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Confirm the request without a prompt')
            [CompletionResult]::new('--ome-namespace', '--ome-namespace', [CompletionResultType]::ParameterName, 'The namespace where OME keeps runtime ControllerRevisions')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file to use (otherwise $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The name of the kubeconfig context to use')
            [CompletionResult]::new('--cluster', '--cluster', [CompletionResultType]::ParameterName, 'The name of the kubeconfig cluster to use')
            [CompletionResult]::new('--user', '--user', [CompletionResultType]::ParameterName, 'The name of the kubeconfig user to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The namespace scope for this request (otherwise the context''s namespace, then default)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The namespace scope for this request (otherwise the context''s namespace, then default)')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Time to wait for a single server request (e.g. 10s, 1m; 0 means no timeout)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'kubectl-ome;version' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file to use (otherwise $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The name of the kubeconfig context to use')
            [CompletionResult]::new('--cluster', '--cluster', [CompletionResultType]::ParameterName, 'The name of the kubeconfig cluster to use')
            [CompletionResult]::new('--user', '--user', [CompletionResultType]::ParameterName, 'The name of the kubeconfig user to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The namespace scope for this request (otherwise the context''s namespace, then default)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The namespace scope for this request (otherwise the context''s namespace, then default)')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Time to wait for a single server request (e.g. 10s, 1m; 0 means no timeout)')
            [CompletionResult]::new('--client', '--client', [CompletionResultType]::ParameterName, 'Print only the client version')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'kubectl-ome;wait' {
            [CompletionResult]::new('--for', '--for', [CompletionResultType]::ParameterName, 'The predicate, e.g. replicas=current, replicas=ready, condition=Ready, rollout=stable, migration=terminal')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'How long to wait (Go duration, positive, at most 24h)')
            [CompletionResult]::new('--request-id', '--request-id', [CompletionResultType]::ParameterName, 'The request ID (migration=terminal, runtime-sync=acknowledged)')
            [CompletionResult]::new('--component', '--component', [CompletionResultType]::ParameterName, 'The component: engine, decoder or router')
            [CompletionResult]::new('--replicas', '--replicas', [CompletionResultType]::ParameterName, 'The exact Instance count')
            [CompletionResult]::new('--revision', '--revision', [CompletionResultType]::ParameterName, 'The full revision name (held-revision=unheld)')
            [CompletionResult]::new('--ir-name', '--ir-name', [CompletionResultType]::ParameterName, 'Bind to this exact InferenceReplica name')
            [CompletionResult]::new('--ir-uid', '--ir-uid', [CompletionResultType]::ParameterName, 'Bind to this exact InferenceReplica UID')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, wide, json or yaml')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, wide, json or yaml')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file to use (otherwise $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The name of the kubeconfig context to use')
            [CompletionResult]::new('--cluster', '--cluster', [CompletionResultType]::ParameterName, 'The name of the kubeconfig cluster to use')
            [CompletionResult]::new('--user', '--user', [CompletionResultType]::ParameterName, 'The name of the kubeconfig user to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The namespace scope for this request (otherwise the context''s namespace, then default)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The namespace scope for this request (otherwise the context''s namespace, then default)')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Time to wait for a single server request (e.g. 10s, 1m; 0 means no timeout)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'kubectl-ome;completion' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file to use (otherwise $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The name of the kubeconfig context to use')
            [CompletionResult]::new('--cluster', '--cluster', [CompletionResultType]::ParameterName, 'The name of the kubeconfig cluster to use')
            [CompletionResult]::new('--user', '--user', [CompletionResultType]::ParameterName, 'The name of the kubeconfig user to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The namespace scope for this request (otherwise the context''s namespace, then default)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The namespace scope for this request (otherwise the context''s namespace, then default)')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Time to wait for a single server request (e.g. 10s, 1m; 0 means no timeout)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('install', 'install', [CompletionResultType]::ParameterValue, 'Install the completion entry for `kubectl ome <TAB>`')
            break
        }
        'kubectl-ome;completion;install' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file to use (otherwise $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The name of the kubeconfig context to use')
            [CompletionResult]::new('--cluster', '--cluster', [CompletionResultType]::ParameterName, 'The name of the kubeconfig cluster to use')
            [CompletionResult]::new('--user', '--user', [CompletionResultType]::ParameterName, 'The name of the kubeconfig user to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The namespace scope for this request (otherwise the context''s namespace, then default)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'The namespace scope for this request (otherwise the context''s namespace, then default)')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Time to wait for a single server request (e.g. 10s, 1m; 0 means no timeout)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
