
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
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Kubeconfig file (else $KUBECONFIG, ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('--cluster', '--cluster', [CompletionResultType]::ParameterName, 'The kubeconfig cluster to use')
            [CompletionResult]::new('--user', '--user', [CompletionResultType]::ParameterName, 'The kubeconfig user to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Namespace (else the context''s, else default)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'Namespace (else the context''s, else default)')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Limit of one request (10s, 1m, seconds); 0 or unset: 30s, or the command''s lower cap (scale: 10s)')
            [CompletionResult]::new('-s', '-s', [CompletionResultType]::ParameterName, 'The API server''s address (https://host:port)')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'The API server''s address (https://host:port)')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token for the API server')
            [CompletionResult]::new('--certificate-authority', '--certificate-authority', [CompletionResultType]::ParameterName, 'PEM file of the CA of the server''s certificate')
            [CompletionResult]::new('--client-certificate', '--client-certificate', [CompletionResultType]::ParameterName, 'PEM file of a TLS client certificate')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'PEM file of the client certificate''s key')
            [CompletionResult]::new('--insecure-skip-tls-verify', '--insecure-skip-tls-verify', [CompletionResultType]::ParameterName, 'Do not verify the server''s certificate (insecure)')
            [CompletionResult]::new('--tls-server-name', '--tls-server-name', [CompletionResultType]::ParameterName, 'Verify the server''s certificate for this name')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'User to impersonate')
            [CompletionResult]::new('--as-group', '--as-group', [CompletionResultType]::ParameterName, 'Group to impersonate (repeatable)')
            [CompletionResult]::new('--as-uid', '--as-uid', [CompletionResultType]::ParameterName, 'UID to impersonate')
            [CompletionResult]::new('--cache-dir', '--cache-dir', [CompletionResultType]::ParameterName, 'Accepted as in kubectl; the plugin caches nothing')
            [CompletionResult]::new('--disable-compression', '--disable-compression', [CompletionResultType]::ParameterName, 'Do not ask for compressed responses')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('admin', 'admin', [CompletionResultType]::ParameterValue, 'Administer and check the OME installation')
            [CompletionResult]::new('autoscale', 'autoscale', [CompletionResultType]::ParameterValue, 'Inspect autoscaling configuration and evidence')
            [CompletionResult]::new('instance', 'instance', [CompletionResultType]::ParameterValue, 'Inspect controller-reported logical instances')
            [CompletionResult]::new('migration', 'migration', [CompletionResultType]::ParameterValue, 'Inspect OMENative migrations')
            [CompletionResult]::new('rollout', 'rollout', [CompletionResultType]::ParameterValue, 'Inspect InferenceService rollouts')
            [CompletionResult]::new('runtime', 'runtime', [CompletionResultType]::ParameterValue, 'Inspect OME runtime selection and configuration')
            [CompletionResult]::new('scale', 'scale', [CompletionResultType]::ParameterValue, 'Guard a transient, positive replica request for an OMENative component (alpha)')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Show the full readiness story of an InferenceService')
            [CompletionResult]::new('logs', 'logs', [CompletionResultType]::ParameterValue, 'Stream logs from the pods behind an InferenceService')
            [CompletionResult]::new('version', 'version', [CompletionResultType]::ParameterValue, 'Print the client, OME operator and Kubernetes server versions')
            [CompletionResult]::new('wait', 'wait', [CompletionResultType]::ParameterValue, 'Wait for reported service, replica, or runtime-sync state')
            [CompletionResult]::new('completion', 'completion', [CompletionResultType]::ParameterValue, 'Print a shell completion script (bash, zsh, fish, powershell), or install the completion entry for `kubectl ome <TAB>`')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'kubectl-ome;admin' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Kubeconfig file (else $KUBECONFIG, ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('--cluster', '--cluster', [CompletionResultType]::ParameterName, 'The kubeconfig cluster to use')
            [CompletionResult]::new('--user', '--user', [CompletionResultType]::ParameterName, 'The kubeconfig user to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Namespace (else the context''s, else default)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'Namespace (else the context''s, else default)')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Limit of one request (10s, 1m, seconds); 0 or unset: 30s, or the command''s lower cap (scale: 10s)')
            [CompletionResult]::new('-s', '-s', [CompletionResultType]::ParameterName, 'The API server''s address (https://host:port)')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'The API server''s address (https://host:port)')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token for the API server')
            [CompletionResult]::new('--certificate-authority', '--certificate-authority', [CompletionResultType]::ParameterName, 'PEM file of the CA of the server''s certificate')
            [CompletionResult]::new('--client-certificate', '--client-certificate', [CompletionResultType]::ParameterName, 'PEM file of a TLS client certificate')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'PEM file of the client certificate''s key')
            [CompletionResult]::new('--insecure-skip-tls-verify', '--insecure-skip-tls-verify', [CompletionResultType]::ParameterName, 'Do not verify the server''s certificate (insecure)')
            [CompletionResult]::new('--tls-server-name', '--tls-server-name', [CompletionResultType]::ParameterName, 'Verify the server''s certificate for this name')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'User to impersonate')
            [CompletionResult]::new('--as-group', '--as-group', [CompletionResultType]::ParameterName, 'Group to impersonate (repeatable)')
            [CompletionResult]::new('--as-uid', '--as-uid', [CompletionResultType]::ParameterName, 'UID to impersonate')
            [CompletionResult]::new('--cache-dir', '--cache-dir', [CompletionResultType]::ParameterName, 'Accepted as in kubectl; the plugin caches nothing')
            [CompletionResult]::new('--disable-compression', '--disable-compression', [CompletionResultType]::ParameterName, 'Do not ask for compressed responses')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('doctor', 'doctor', [CompletionResultType]::ParameterValue, 'Inspect bounded current-context OME diagnostic evidence')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'kubectl-ome;admin;doctor' {
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, wide, json or yaml')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, wide, json or yaml')
            [CompletionResult]::new('--isvc', '--isvc', [CompletionResultType]::ParameterName, 'Also read this InferenceService in the namespace')
            [CompletionResult]::new('--component', '--component', [CompletionResultType]::ParameterName, 'With --access --isvc: the component whose InferenceReplica the reviews name')
            [CompletionResult]::new('--ome-namespace', '--ome-namespace', [CompletionResultType]::ParameterName, 'The namespace where the OME operator runs')
            [CompletionResult]::new('--alfred-namespace', '--alfred-namespace', [CompletionResultType]::ParameterName, 'The namespace of the Alfred configuration (the OME namespace by default)')
            [CompletionResult]::new('--alfred-config-name', '--alfred-config-name', [CompletionResultType]::ParameterName, 'The name of the Alfred ConfigMap')
            [CompletionResult]::new('--alfred-config-key', '--alfred-config-key', [CompletionResultType]::ParameterName, 'The key of the Alfred configuration in its ConfigMap')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Kubeconfig file (else $KUBECONFIG, ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('--cluster', '--cluster', [CompletionResultType]::ParameterName, 'The kubeconfig cluster to use')
            [CompletionResult]::new('--user', '--user', [CompletionResultType]::ParameterName, 'The kubeconfig user to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Namespace (else the context''s, else default)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'Namespace (else the context''s, else default)')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Limit of one request (10s, 1m, seconds); 0 or unset: 30s, or the command''s lower cap (scale: 10s)')
            [CompletionResult]::new('-s', '-s', [CompletionResultType]::ParameterName, 'The API server''s address (https://host:port)')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'The API server''s address (https://host:port)')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token for the API server')
            [CompletionResult]::new('--certificate-authority', '--certificate-authority', [CompletionResultType]::ParameterName, 'PEM file of the CA of the server''s certificate')
            [CompletionResult]::new('--client-certificate', '--client-certificate', [CompletionResultType]::ParameterName, 'PEM file of a TLS client certificate')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'PEM file of the client certificate''s key')
            [CompletionResult]::new('--insecure-skip-tls-verify', '--insecure-skip-tls-verify', [CompletionResultType]::ParameterName, 'Do not verify the server''s certificate (insecure)')
            [CompletionResult]::new('--tls-server-name', '--tls-server-name', [CompletionResultType]::ParameterName, 'Verify the server''s certificate for this name')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'User to impersonate')
            [CompletionResult]::new('--as-group', '--as-group', [CompletionResultType]::ParameterName, 'Group to impersonate (repeatable)')
            [CompletionResult]::new('--as-uid', '--as-uid', [CompletionResultType]::ParameterName, 'UID to impersonate')
            [CompletionResult]::new('--cache-dir', '--cache-dir', [CompletionResultType]::ParameterName, 'Accepted as in kubectl; the plugin caches nothing')
            [CompletionResult]::new('--disable-compression', '--disable-compression', [CompletionResultType]::ParameterName, 'Do not ask for compressed responses')
            [CompletionResult]::new('--access', '--access', [CompletionResultType]::ParameterName, 'Also ask whether this identity may read and scale (SelfSubjectAccessReviews)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'kubectl-ome;admin;help' {
            [CompletionResult]::new('doctor', 'doctor', [CompletionResultType]::ParameterValue, 'Inspect bounded current-context OME diagnostic evidence')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'kubectl-ome;admin;help;doctor' {
            break
        }
        'kubectl-ome;admin;help;help' {
            break
        }
        'kubectl-ome;autoscale' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Kubeconfig file (else $KUBECONFIG, ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('--cluster', '--cluster', [CompletionResultType]::ParameterName, 'The kubeconfig cluster to use')
            [CompletionResult]::new('--user', '--user', [CompletionResultType]::ParameterName, 'The kubeconfig user to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Namespace (else the context''s, else default)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'Namespace (else the context''s, else default)')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Limit of one request (10s, 1m, seconds); 0 or unset: 30s, or the command''s lower cap (scale: 10s)')
            [CompletionResult]::new('-s', '-s', [CompletionResultType]::ParameterName, 'The API server''s address (https://host:port)')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'The API server''s address (https://host:port)')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token for the API server')
            [CompletionResult]::new('--certificate-authority', '--certificate-authority', [CompletionResultType]::ParameterName, 'PEM file of the CA of the server''s certificate')
            [CompletionResult]::new('--client-certificate', '--client-certificate', [CompletionResultType]::ParameterName, 'PEM file of a TLS client certificate')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'PEM file of the client certificate''s key')
            [CompletionResult]::new('--insecure-skip-tls-verify', '--insecure-skip-tls-verify', [CompletionResultType]::ParameterName, 'Do not verify the server''s certificate (insecure)')
            [CompletionResult]::new('--tls-server-name', '--tls-server-name', [CompletionResultType]::ParameterName, 'Verify the server''s certificate for this name')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'User to impersonate')
            [CompletionResult]::new('--as-group', '--as-group', [CompletionResultType]::ParameterName, 'Group to impersonate (repeatable)')
            [CompletionResult]::new('--as-uid', '--as-uid', [CompletionResultType]::ParameterName, 'UID to impersonate')
            [CompletionResult]::new('--cache-dir', '--cache-dir', [CompletionResultType]::ParameterName, 'Accepted as in kubectl; the plugin caches nothing')
            [CompletionResult]::new('--disable-compression', '--disable-compression', [CompletionResultType]::ParameterName, 'Do not ask for compressed responses')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Show controller-reported autoscaling status')
            [CompletionResult]::new('explain', 'explain', [CompletionResultType]::ParameterValue, 'Explain effective and reported autoscaling')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'kubectl-ome;autoscale;status' {
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, wide, json or yaml')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, wide, json or yaml')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Kubeconfig file (else $KUBECONFIG, ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('--cluster', '--cluster', [CompletionResultType]::ParameterName, 'The kubeconfig cluster to use')
            [CompletionResult]::new('--user', '--user', [CompletionResultType]::ParameterName, 'The kubeconfig user to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Namespace (else the context''s, else default)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'Namespace (else the context''s, else default)')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Limit of one request (10s, 1m, seconds); 0 or unset: 30s, or the command''s lower cap (scale: 10s)')
            [CompletionResult]::new('-s', '-s', [CompletionResultType]::ParameterName, 'The API server''s address (https://host:port)')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'The API server''s address (https://host:port)')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token for the API server')
            [CompletionResult]::new('--certificate-authority', '--certificate-authority', [CompletionResultType]::ParameterName, 'PEM file of the CA of the server''s certificate')
            [CompletionResult]::new('--client-certificate', '--client-certificate', [CompletionResultType]::ParameterName, 'PEM file of a TLS client certificate')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'PEM file of the client certificate''s key')
            [CompletionResult]::new('--insecure-skip-tls-verify', '--insecure-skip-tls-verify', [CompletionResultType]::ParameterName, 'Do not verify the server''s certificate (insecure)')
            [CompletionResult]::new('--tls-server-name', '--tls-server-name', [CompletionResultType]::ParameterName, 'Verify the server''s certificate for this name')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'User to impersonate')
            [CompletionResult]::new('--as-group', '--as-group', [CompletionResultType]::ParameterName, 'Group to impersonate (repeatable)')
            [CompletionResult]::new('--as-uid', '--as-uid', [CompletionResultType]::ParameterName, 'UID to impersonate')
            [CompletionResult]::new('--cache-dir', '--cache-dir', [CompletionResultType]::ParameterName, 'Accepted as in kubectl; the plugin caches nothing')
            [CompletionResult]::new('--disable-compression', '--disable-compression', [CompletionResultType]::ParameterName, 'Do not ask for compressed responses')
            [CompletionResult]::new('--live-scale', '--live-scale', [CompletionResultType]::ParameterName, 'Also read the selected InferenceReplica and its /scale')
            [CompletionResult]::new('--live-scaler', '--live-scaler', [CompletionResultType]::ParameterName, 'Also read the OME-managed HPA or KEDA ScaledObject')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'kubectl-ome;autoscale;explain' {
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json or yaml')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json or yaml')
            [CompletionResult]::new('--ome-namespace', '--ome-namespace', [CompletionResultType]::ParameterName, 'The namespace where OME keeps runtime ControllerRevisions')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Kubeconfig file (else $KUBECONFIG, ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('--cluster', '--cluster', [CompletionResultType]::ParameterName, 'The kubeconfig cluster to use')
            [CompletionResult]::new('--user', '--user', [CompletionResultType]::ParameterName, 'The kubeconfig user to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Namespace (else the context''s, else default)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'Namespace (else the context''s, else default)')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Limit of one request (10s, 1m, seconds); 0 or unset: 30s, or the command''s lower cap (scale: 10s)')
            [CompletionResult]::new('-s', '-s', [CompletionResultType]::ParameterName, 'The API server''s address (https://host:port)')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'The API server''s address (https://host:port)')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token for the API server')
            [CompletionResult]::new('--certificate-authority', '--certificate-authority', [CompletionResultType]::ParameterName, 'PEM file of the CA of the server''s certificate')
            [CompletionResult]::new('--client-certificate', '--client-certificate', [CompletionResultType]::ParameterName, 'PEM file of a TLS client certificate')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'PEM file of the client certificate''s key')
            [CompletionResult]::new('--insecure-skip-tls-verify', '--insecure-skip-tls-verify', [CompletionResultType]::ParameterName, 'Do not verify the server''s certificate (insecure)')
            [CompletionResult]::new('--tls-server-name', '--tls-server-name', [CompletionResultType]::ParameterName, 'Verify the server''s certificate for this name')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'User to impersonate')
            [CompletionResult]::new('--as-group', '--as-group', [CompletionResultType]::ParameterName, 'Group to impersonate (repeatable)')
            [CompletionResult]::new('--as-uid', '--as-uid', [CompletionResultType]::ParameterName, 'UID to impersonate')
            [CompletionResult]::new('--cache-dir', '--cache-dir', [CompletionResultType]::ParameterName, 'Accepted as in kubectl; the plugin caches nothing')
            [CompletionResult]::new('--disable-compression', '--disable-compression', [CompletionResultType]::ParameterName, 'Do not ask for compressed responses')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'kubectl-ome;autoscale;help' {
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Show controller-reported autoscaling status')
            [CompletionResult]::new('explain', 'explain', [CompletionResultType]::ParameterValue, 'Explain effective and reported autoscaling')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'kubectl-ome;autoscale;help;status' {
            break
        }
        'kubectl-ome;autoscale;help;explain' {
            break
        }
        'kubectl-ome;autoscale;help;help' {
            break
        }
        'kubectl-ome;instance' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Kubeconfig file (else $KUBECONFIG, ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('--cluster', '--cluster', [CompletionResultType]::ParameterName, 'The kubeconfig cluster to use')
            [CompletionResult]::new('--user', '--user', [CompletionResultType]::ParameterName, 'The kubeconfig user to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Namespace (else the context''s, else default)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'Namespace (else the context''s, else default)')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Limit of one request (10s, 1m, seconds); 0 or unset: 30s, or the command''s lower cap (scale: 10s)')
            [CompletionResult]::new('-s', '-s', [CompletionResultType]::ParameterName, 'The API server''s address (https://host:port)')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'The API server''s address (https://host:port)')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token for the API server')
            [CompletionResult]::new('--certificate-authority', '--certificate-authority', [CompletionResultType]::ParameterName, 'PEM file of the CA of the server''s certificate')
            [CompletionResult]::new('--client-certificate', '--client-certificate', [CompletionResultType]::ParameterName, 'PEM file of a TLS client certificate')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'PEM file of the client certificate''s key')
            [CompletionResult]::new('--insecure-skip-tls-verify', '--insecure-skip-tls-verify', [CompletionResultType]::ParameterName, 'Do not verify the server''s certificate (insecure)')
            [CompletionResult]::new('--tls-server-name', '--tls-server-name', [CompletionResultType]::ParameterName, 'Verify the server''s certificate for this name')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'User to impersonate')
            [CompletionResult]::new('--as-group', '--as-group', [CompletionResultType]::ParameterName, 'Group to impersonate (repeatable)')
            [CompletionResult]::new('--as-uid', '--as-uid', [CompletionResultType]::ParameterName, 'UID to impersonate')
            [CompletionResult]::new('--cache-dir', '--cache-dir', [CompletionResultType]::ParameterName, 'Accepted as in kubectl; the plugin caches nothing')
            [CompletionResult]::new('--disable-compression', '--disable-compression', [CompletionResultType]::ParameterName, 'Do not ask for compressed responses')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List controller-reported logical instances')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Show one logical instance and bounded live evidence')
            [CompletionResult]::new('retry-blocks', 'retry-blocks', [CompletionResultType]::ParameterValue, 'Show controller-reported retry authority')
            [CompletionResult]::new('release-held', 'release-held', [CompletionResultType]::ParameterValue, 'Alpha: request release of one exact Held revision')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'kubectl-ome;instance;list' {
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json or yaml')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json or yaml')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Kubeconfig file (else $KUBECONFIG, ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('--cluster', '--cluster', [CompletionResultType]::ParameterName, 'The kubeconfig cluster to use')
            [CompletionResult]::new('--user', '--user', [CompletionResultType]::ParameterName, 'The kubeconfig user to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Namespace (else the context''s, else default)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'Namespace (else the context''s, else default)')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Limit of one request (10s, 1m, seconds); 0 or unset: 30s, or the command''s lower cap (scale: 10s)')
            [CompletionResult]::new('-s', '-s', [CompletionResultType]::ParameterName, 'The API server''s address (https://host:port)')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'The API server''s address (https://host:port)')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token for the API server')
            [CompletionResult]::new('--certificate-authority', '--certificate-authority', [CompletionResultType]::ParameterName, 'PEM file of the CA of the server''s certificate')
            [CompletionResult]::new('--client-certificate', '--client-certificate', [CompletionResultType]::ParameterName, 'PEM file of a TLS client certificate')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'PEM file of the client certificate''s key')
            [CompletionResult]::new('--insecure-skip-tls-verify', '--insecure-skip-tls-verify', [CompletionResultType]::ParameterName, 'Do not verify the server''s certificate (insecure)')
            [CompletionResult]::new('--tls-server-name', '--tls-server-name', [CompletionResultType]::ParameterName, 'Verify the server''s certificate for this name')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'User to impersonate')
            [CompletionResult]::new('--as-group', '--as-group', [CompletionResultType]::ParameterName, 'Group to impersonate (repeatable)')
            [CompletionResult]::new('--as-uid', '--as-uid', [CompletionResultType]::ParameterName, 'UID to impersonate')
            [CompletionResult]::new('--cache-dir', '--cache-dir', [CompletionResultType]::ParameterName, 'Accepted as in kubectl; the plugin caches nothing')
            [CompletionResult]::new('--disable-compression', '--disable-compression', [CompletionResultType]::ParameterName, 'Do not ask for compressed responses')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'kubectl-ome;instance;status' {
            [CompletionResult]::new('--component', '--component', [CompletionResultType]::ParameterName, 'The component: engine, decoder or router (required)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, wide, json or yaml')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, wide, json or yaml')
            [CompletionResult]::new('--ome-namespace', '--ome-namespace', [CompletionResultType]::ParameterName, 'The namespace where OME keeps runtime ControllerRevisions')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Kubeconfig file (else $KUBECONFIG, ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('--cluster', '--cluster', [CompletionResultType]::ParameterName, 'The kubeconfig cluster to use')
            [CompletionResult]::new('--user', '--user', [CompletionResultType]::ParameterName, 'The kubeconfig user to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Namespace (else the context''s, else default)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'Namespace (else the context''s, else default)')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Limit of one request (10s, 1m, seconds); 0 or unset: 30s, or the command''s lower cap (scale: 10s)')
            [CompletionResult]::new('-s', '-s', [CompletionResultType]::ParameterName, 'The API server''s address (https://host:port)')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'The API server''s address (https://host:port)')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token for the API server')
            [CompletionResult]::new('--certificate-authority', '--certificate-authority', [CompletionResultType]::ParameterName, 'PEM file of the CA of the server''s certificate')
            [CompletionResult]::new('--client-certificate', '--client-certificate', [CompletionResultType]::ParameterName, 'PEM file of a TLS client certificate')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'PEM file of the client certificate''s key')
            [CompletionResult]::new('--insecure-skip-tls-verify', '--insecure-skip-tls-verify', [CompletionResultType]::ParameterName, 'Do not verify the server''s certificate (insecure)')
            [CompletionResult]::new('--tls-server-name', '--tls-server-name', [CompletionResultType]::ParameterName, 'Verify the server''s certificate for this name')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'User to impersonate')
            [CompletionResult]::new('--as-group', '--as-group', [CompletionResultType]::ParameterName, 'Group to impersonate (repeatable)')
            [CompletionResult]::new('--as-uid', '--as-uid', [CompletionResultType]::ParameterName, 'UID to impersonate')
            [CompletionResult]::new('--cache-dir', '--cache-dir', [CompletionResultType]::ParameterName, 'Accepted as in kubectl; the plugin caches nothing')
            [CompletionResult]::new('--disable-compression', '--disable-compression', [CompletionResultType]::ParameterName, 'Do not ask for compressed responses')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'kubectl-ome;instance;retry-blocks' {
            [CompletionResult]::new('--component', '--component', [CompletionResultType]::ParameterName, 'The component: engine, decoder or router (required)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json or yaml')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json or yaml')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Kubeconfig file (else $KUBECONFIG, ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('--cluster', '--cluster', [CompletionResultType]::ParameterName, 'The kubeconfig cluster to use')
            [CompletionResult]::new('--user', '--user', [CompletionResultType]::ParameterName, 'The kubeconfig user to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Namespace (else the context''s, else default)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'Namespace (else the context''s, else default)')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Limit of one request (10s, 1m, seconds); 0 or unset: 30s, or the command''s lower cap (scale: 10s)')
            [CompletionResult]::new('-s', '-s', [CompletionResultType]::ParameterName, 'The API server''s address (https://host:port)')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'The API server''s address (https://host:port)')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token for the API server')
            [CompletionResult]::new('--certificate-authority', '--certificate-authority', [CompletionResultType]::ParameterName, 'PEM file of the CA of the server''s certificate')
            [CompletionResult]::new('--client-certificate', '--client-certificate', [CompletionResultType]::ParameterName, 'PEM file of a TLS client certificate')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'PEM file of the client certificate''s key')
            [CompletionResult]::new('--insecure-skip-tls-verify', '--insecure-skip-tls-verify', [CompletionResultType]::ParameterName, 'Do not verify the server''s certificate (insecure)')
            [CompletionResult]::new('--tls-server-name', '--tls-server-name', [CompletionResultType]::ParameterName, 'Verify the server''s certificate for this name')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'User to impersonate')
            [CompletionResult]::new('--as-group', '--as-group', [CompletionResultType]::ParameterName, 'Group to impersonate (repeatable)')
            [CompletionResult]::new('--as-uid', '--as-uid', [CompletionResultType]::ParameterName, 'UID to impersonate')
            [CompletionResult]::new('--cache-dir', '--cache-dir', [CompletionResultType]::ParameterName, 'Accepted as in kubectl; the plugin caches nothing')
            [CompletionResult]::new('--disable-compression', '--disable-compression', [CompletionResultType]::ParameterName, 'Do not ask for compressed responses')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'kubectl-ome;instance;release-held' {
            [CompletionResult]::new('--component', '--component', [CompletionResultType]::ParameterName, 'The component: engine, decoder or router (required)')
            [CompletionResult]::new('--revision', '--revision', [CompletionResultType]::ParameterName, 'The Held revision: its full name or its 8 hex (required)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Confirm the request without a prompt (required)')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'none; client (nothing is sent); server (checked, not stored)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, wide, json or yaml')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, wide, json or yaml')
            [CompletionResult]::new('--ome-namespace', '--ome-namespace', [CompletionResultType]::ParameterName, 'Namespace of OME''s runtime ControllerRevisions')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Kubeconfig file (else $KUBECONFIG, ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('--cluster', '--cluster', [CompletionResultType]::ParameterName, 'The kubeconfig cluster to use')
            [CompletionResult]::new('--user', '--user', [CompletionResultType]::ParameterName, 'The kubeconfig user to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Namespace (else the context''s, else default)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'Namespace (else the context''s, else default)')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Limit of one request (10s, 1m, seconds); 0 or unset: 30s, or the command''s lower cap (scale: 10s)')
            [CompletionResult]::new('-s', '-s', [CompletionResultType]::ParameterName, 'The API server''s address (https://host:port)')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'The API server''s address (https://host:port)')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token for the API server')
            [CompletionResult]::new('--certificate-authority', '--certificate-authority', [CompletionResultType]::ParameterName, 'PEM file of the CA of the server''s certificate')
            [CompletionResult]::new('--client-certificate', '--client-certificate', [CompletionResultType]::ParameterName, 'PEM file of a TLS client certificate')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'PEM file of the client certificate''s key')
            [CompletionResult]::new('--insecure-skip-tls-verify', '--insecure-skip-tls-verify', [CompletionResultType]::ParameterName, 'Do not verify the server''s certificate (insecure)')
            [CompletionResult]::new('--tls-server-name', '--tls-server-name', [CompletionResultType]::ParameterName, 'Verify the server''s certificate for this name')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'User to impersonate')
            [CompletionResult]::new('--as-group', '--as-group', [CompletionResultType]::ParameterName, 'Group to impersonate (repeatable)')
            [CompletionResult]::new('--as-uid', '--as-uid', [CompletionResultType]::ParameterName, 'UID to impersonate')
            [CompletionResult]::new('--cache-dir', '--cache-dir', [CompletionResultType]::ParameterName, 'Accepted as in kubectl; the plugin caches nothing')
            [CompletionResult]::new('--disable-compression', '--disable-compression', [CompletionResultType]::ParameterName, 'Do not ask for compressed responses')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'kubectl-ome;instance;help' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List controller-reported logical instances')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Show one logical instance and bounded live evidence')
            [CompletionResult]::new('retry-blocks', 'retry-blocks', [CompletionResultType]::ParameterValue, 'Show controller-reported retry authority')
            [CompletionResult]::new('release-held', 'release-held', [CompletionResultType]::ParameterValue, 'Alpha: request release of one exact Held revision')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'kubectl-ome;instance;help;list' {
            break
        }
        'kubectl-ome;instance;help;status' {
            break
        }
        'kubectl-ome;instance;help;retry-blocks' {
            break
        }
        'kubectl-ome;instance;help;release-held' {
            break
        }
        'kubectl-ome;instance;help;help' {
            break
        }
        'kubectl-ome;migration' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Kubeconfig file (else $KUBECONFIG, ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('--cluster', '--cluster', [CompletionResultType]::ParameterName, 'The kubeconfig cluster to use')
            [CompletionResult]::new('--user', '--user', [CompletionResultType]::ParameterName, 'The kubeconfig user to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Namespace (else the context''s, else default)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'Namespace (else the context''s, else default)')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Limit of one request (10s, 1m, seconds); 0 or unset: 30s, or the command''s lower cap (scale: 10s)')
            [CompletionResult]::new('-s', '-s', [CompletionResultType]::ParameterName, 'The API server''s address (https://host:port)')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'The API server''s address (https://host:port)')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token for the API server')
            [CompletionResult]::new('--certificate-authority', '--certificate-authority', [CompletionResultType]::ParameterName, 'PEM file of the CA of the server''s certificate')
            [CompletionResult]::new('--client-certificate', '--client-certificate', [CompletionResultType]::ParameterName, 'PEM file of a TLS client certificate')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'PEM file of the client certificate''s key')
            [CompletionResult]::new('--insecure-skip-tls-verify', '--insecure-skip-tls-verify', [CompletionResultType]::ParameterName, 'Do not verify the server''s certificate (insecure)')
            [CompletionResult]::new('--tls-server-name', '--tls-server-name', [CompletionResultType]::ParameterName, 'Verify the server''s certificate for this name')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'User to impersonate')
            [CompletionResult]::new('--as-group', '--as-group', [CompletionResultType]::ParameterName, 'Group to impersonate (repeatable)')
            [CompletionResult]::new('--as-uid', '--as-uid', [CompletionResultType]::ParameterName, 'UID to impersonate')
            [CompletionResult]::new('--cache-dir', '--cache-dir', [CompletionResultType]::ParameterName, 'Accepted as in kubectl; the plugin caches nothing')
            [CompletionResult]::new('--disable-compression', '--disable-compression', [CompletionResultType]::ParameterName, 'Do not ask for compressed responses')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Show live InferenceReplica migration status')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'kubectl-ome;migration;status' {
            [CompletionResult]::new('--component', '--component', [CompletionResultType]::ParameterName, 'Only this component: engine, decoder or router')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json or yaml')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json or yaml')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Kubeconfig file (else $KUBECONFIG, ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('--cluster', '--cluster', [CompletionResultType]::ParameterName, 'The kubeconfig cluster to use')
            [CompletionResult]::new('--user', '--user', [CompletionResultType]::ParameterName, 'The kubeconfig user to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Namespace (else the context''s, else default)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'Namespace (else the context''s, else default)')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Limit of one request (10s, 1m, seconds); 0 or unset: 30s, or the command''s lower cap (scale: 10s)')
            [CompletionResult]::new('-s', '-s', [CompletionResultType]::ParameterName, 'The API server''s address (https://host:port)')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'The API server''s address (https://host:port)')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token for the API server')
            [CompletionResult]::new('--certificate-authority', '--certificate-authority', [CompletionResultType]::ParameterName, 'PEM file of the CA of the server''s certificate')
            [CompletionResult]::new('--client-certificate', '--client-certificate', [CompletionResultType]::ParameterName, 'PEM file of a TLS client certificate')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'PEM file of the client certificate''s key')
            [CompletionResult]::new('--insecure-skip-tls-verify', '--insecure-skip-tls-verify', [CompletionResultType]::ParameterName, 'Do not verify the server''s certificate (insecure)')
            [CompletionResult]::new('--tls-server-name', '--tls-server-name', [CompletionResultType]::ParameterName, 'Verify the server''s certificate for this name')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'User to impersonate')
            [CompletionResult]::new('--as-group', '--as-group', [CompletionResultType]::ParameterName, 'Group to impersonate (repeatable)')
            [CompletionResult]::new('--as-uid', '--as-uid', [CompletionResultType]::ParameterName, 'UID to impersonate')
            [CompletionResult]::new('--cache-dir', '--cache-dir', [CompletionResultType]::ParameterName, 'Accepted as in kubectl; the plugin caches nothing')
            [CompletionResult]::new('--disable-compression', '--disable-compression', [CompletionResultType]::ParameterName, 'Do not ask for compressed responses')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'kubectl-ome;migration;help' {
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Show live InferenceReplica migration status')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'kubectl-ome;migration;help;status' {
            break
        }
        'kubectl-ome;migration;help;help' {
            break
        }
        'kubectl-ome;rollout' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Kubeconfig file (else $KUBECONFIG, ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('--cluster', '--cluster', [CompletionResultType]::ParameterName, 'The kubeconfig cluster to use')
            [CompletionResult]::new('--user', '--user', [CompletionResultType]::ParameterName, 'The kubeconfig user to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Namespace (else the context''s, else default)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'Namespace (else the context''s, else default)')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Limit of one request (10s, 1m, seconds); 0 or unset: 30s, or the command''s lower cap (scale: 10s)')
            [CompletionResult]::new('-s', '-s', [CompletionResultType]::ParameterName, 'The API server''s address (https://host:port)')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'The API server''s address (https://host:port)')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token for the API server')
            [CompletionResult]::new('--certificate-authority', '--certificate-authority', [CompletionResultType]::ParameterName, 'PEM file of the CA of the server''s certificate')
            [CompletionResult]::new('--client-certificate', '--client-certificate', [CompletionResultType]::ParameterName, 'PEM file of a TLS client certificate')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'PEM file of the client certificate''s key')
            [CompletionResult]::new('--insecure-skip-tls-verify', '--insecure-skip-tls-verify', [CompletionResultType]::ParameterName, 'Do not verify the server''s certificate (insecure)')
            [CompletionResult]::new('--tls-server-name', '--tls-server-name', [CompletionResultType]::ParameterName, 'Verify the server''s certificate for this name')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'User to impersonate')
            [CompletionResult]::new('--as-group', '--as-group', [CompletionResultType]::ParameterName, 'Group to impersonate (repeatable)')
            [CompletionResult]::new('--as-uid', '--as-uid', [CompletionResultType]::ParameterName, 'UID to impersonate')
            [CompletionResult]::new('--cache-dir', '--cache-dir', [CompletionResultType]::ParameterName, 'Accepted as in kubectl; the plugin caches nothing')
            [CompletionResult]::new('--disable-compression', '--disable-compression', [CompletionResultType]::ParameterName, 'Do not ask for compressed responses')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Show rollout progress for an InferenceService')
            [CompletionResult]::new('explain', 'explain', [CompletionResultType]::ParameterValue, 'Explain rollout intent, effective plan, and observed progress')
            [CompletionResult]::new('pause', 'pause', [CompletionResultType]::ParameterValue, 'Alpha: guarded service-wide rollout pause')
            [CompletionResult]::new('resume', 'resume', [CompletionResultType]::ParameterValue, 'Alpha: guarded service-wide rollout resume')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'kubectl-ome;rollout;status' {
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, wide, json or yaml')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, wide, json or yaml')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Kubeconfig file (else $KUBECONFIG, ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('--cluster', '--cluster', [CompletionResultType]::ParameterName, 'The kubeconfig cluster to use')
            [CompletionResult]::new('--user', '--user', [CompletionResultType]::ParameterName, 'The kubeconfig user to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Namespace (else the context''s, else default)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'Namespace (else the context''s, else default)')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Limit of one request (10s, 1m, seconds); 0 or unset: 30s, or the command''s lower cap (scale: 10s)')
            [CompletionResult]::new('-s', '-s', [CompletionResultType]::ParameterName, 'The API server''s address (https://host:port)')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'The API server''s address (https://host:port)')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token for the API server')
            [CompletionResult]::new('--certificate-authority', '--certificate-authority', [CompletionResultType]::ParameterName, 'PEM file of the CA of the server''s certificate')
            [CompletionResult]::new('--client-certificate', '--client-certificate', [CompletionResultType]::ParameterName, 'PEM file of a TLS client certificate')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'PEM file of the client certificate''s key')
            [CompletionResult]::new('--insecure-skip-tls-verify', '--insecure-skip-tls-verify', [CompletionResultType]::ParameterName, 'Do not verify the server''s certificate (insecure)')
            [CompletionResult]::new('--tls-server-name', '--tls-server-name', [CompletionResultType]::ParameterName, 'Verify the server''s certificate for this name')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'User to impersonate')
            [CompletionResult]::new('--as-group', '--as-group', [CompletionResultType]::ParameterName, 'Group to impersonate (repeatable)')
            [CompletionResult]::new('--as-uid', '--as-uid', [CompletionResultType]::ParameterName, 'UID to impersonate')
            [CompletionResult]::new('--cache-dir', '--cache-dir', [CompletionResultType]::ParameterName, 'Accepted as in kubectl; the plugin caches nothing')
            [CompletionResult]::new('--disable-compression', '--disable-compression', [CompletionResultType]::ParameterName, 'Do not ask for compressed responses')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'kubectl-ome;rollout;explain' {
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, wide, json or yaml')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, wide, json or yaml')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Kubeconfig file (else $KUBECONFIG, ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('--cluster', '--cluster', [CompletionResultType]::ParameterName, 'The kubeconfig cluster to use')
            [CompletionResult]::new('--user', '--user', [CompletionResultType]::ParameterName, 'The kubeconfig user to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Namespace (else the context''s, else default)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'Namespace (else the context''s, else default)')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Limit of one request (10s, 1m, seconds); 0 or unset: 30s, or the command''s lower cap (scale: 10s)')
            [CompletionResult]::new('-s', '-s', [CompletionResultType]::ParameterName, 'The API server''s address (https://host:port)')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'The API server''s address (https://host:port)')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token for the API server')
            [CompletionResult]::new('--certificate-authority', '--certificate-authority', [CompletionResultType]::ParameterName, 'PEM file of the CA of the server''s certificate')
            [CompletionResult]::new('--client-certificate', '--client-certificate', [CompletionResultType]::ParameterName, 'PEM file of a TLS client certificate')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'PEM file of the client certificate''s key')
            [CompletionResult]::new('--insecure-skip-tls-verify', '--insecure-skip-tls-verify', [CompletionResultType]::ParameterName, 'Do not verify the server''s certificate (insecure)')
            [CompletionResult]::new('--tls-server-name', '--tls-server-name', [CompletionResultType]::ParameterName, 'Verify the server''s certificate for this name')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'User to impersonate')
            [CompletionResult]::new('--as-group', '--as-group', [CompletionResultType]::ParameterName, 'Group to impersonate (repeatable)')
            [CompletionResult]::new('--as-uid', '--as-uid', [CompletionResultType]::ParameterName, 'UID to impersonate')
            [CompletionResult]::new('--cache-dir', '--cache-dir', [CompletionResultType]::ParameterName, 'Accepted as in kubectl; the plugin caches nothing')
            [CompletionResult]::new('--disable-compression', '--disable-compression', [CompletionResultType]::ParameterName, 'Do not ask for compressed responses')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'kubectl-ome;rollout;pause' {
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Confirm the request without a prompt (required)')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'none; client (nothing is sent); server (checked, not stored)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, wide, json or yaml')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, wide, json or yaml')
            [CompletionResult]::new('--ome-namespace', '--ome-namespace', [CompletionResultType]::ParameterName, 'Namespace of OME''s runtime ControllerRevisions')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Kubeconfig file (else $KUBECONFIG, ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('--cluster', '--cluster', [CompletionResultType]::ParameterName, 'The kubeconfig cluster to use')
            [CompletionResult]::new('--user', '--user', [CompletionResultType]::ParameterName, 'The kubeconfig user to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Namespace (else the context''s, else default)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'Namespace (else the context''s, else default)')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Limit of one request (10s, 1m, seconds); 0 or unset: 30s, or the command''s lower cap (scale: 10s)')
            [CompletionResult]::new('-s', '-s', [CompletionResultType]::ParameterName, 'The API server''s address (https://host:port)')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'The API server''s address (https://host:port)')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token for the API server')
            [CompletionResult]::new('--certificate-authority', '--certificate-authority', [CompletionResultType]::ParameterName, 'PEM file of the CA of the server''s certificate')
            [CompletionResult]::new('--client-certificate', '--client-certificate', [CompletionResultType]::ParameterName, 'PEM file of a TLS client certificate')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'PEM file of the client certificate''s key')
            [CompletionResult]::new('--insecure-skip-tls-verify', '--insecure-skip-tls-verify', [CompletionResultType]::ParameterName, 'Do not verify the server''s certificate (insecure)')
            [CompletionResult]::new('--tls-server-name', '--tls-server-name', [CompletionResultType]::ParameterName, 'Verify the server''s certificate for this name')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'User to impersonate')
            [CompletionResult]::new('--as-group', '--as-group', [CompletionResultType]::ParameterName, 'Group to impersonate (repeatable)')
            [CompletionResult]::new('--as-uid', '--as-uid', [CompletionResultType]::ParameterName, 'UID to impersonate')
            [CompletionResult]::new('--cache-dir', '--cache-dir', [CompletionResultType]::ParameterName, 'Accepted as in kubectl; the plugin caches nothing')
            [CompletionResult]::new('--disable-compression', '--disable-compression', [CompletionResultType]::ParameterName, 'Do not ask for compressed responses')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'kubectl-ome;rollout;resume' {
            [CompletionResult]::new('--discard-pending-actions', '--discard-pending-actions', [CompletionResultType]::ParameterName, 'Remove a present promote or rollback mailbox in the same write (requires --yes)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Confirm the request without a prompt (required)')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'none; client (nothing is sent); server (checked, not stored)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, wide, json or yaml')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, wide, json or yaml')
            [CompletionResult]::new('--ome-namespace', '--ome-namespace', [CompletionResultType]::ParameterName, 'Namespace of OME''s runtime ControllerRevisions')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Kubeconfig file (else $KUBECONFIG, ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('--cluster', '--cluster', [CompletionResultType]::ParameterName, 'The kubeconfig cluster to use')
            [CompletionResult]::new('--user', '--user', [CompletionResultType]::ParameterName, 'The kubeconfig user to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Namespace (else the context''s, else default)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'Namespace (else the context''s, else default)')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Limit of one request (10s, 1m, seconds); 0 or unset: 30s, or the command''s lower cap (scale: 10s)')
            [CompletionResult]::new('-s', '-s', [CompletionResultType]::ParameterName, 'The API server''s address (https://host:port)')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'The API server''s address (https://host:port)')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token for the API server')
            [CompletionResult]::new('--certificate-authority', '--certificate-authority', [CompletionResultType]::ParameterName, 'PEM file of the CA of the server''s certificate')
            [CompletionResult]::new('--client-certificate', '--client-certificate', [CompletionResultType]::ParameterName, 'PEM file of a TLS client certificate')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'PEM file of the client certificate''s key')
            [CompletionResult]::new('--insecure-skip-tls-verify', '--insecure-skip-tls-verify', [CompletionResultType]::ParameterName, 'Do not verify the server''s certificate (insecure)')
            [CompletionResult]::new('--tls-server-name', '--tls-server-name', [CompletionResultType]::ParameterName, 'Verify the server''s certificate for this name')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'User to impersonate')
            [CompletionResult]::new('--as-group', '--as-group', [CompletionResultType]::ParameterName, 'Group to impersonate (repeatable)')
            [CompletionResult]::new('--as-uid', '--as-uid', [CompletionResultType]::ParameterName, 'UID to impersonate')
            [CompletionResult]::new('--cache-dir', '--cache-dir', [CompletionResultType]::ParameterName, 'Accepted as in kubectl; the plugin caches nothing')
            [CompletionResult]::new('--disable-compression', '--disable-compression', [CompletionResultType]::ParameterName, 'Do not ask for compressed responses')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'kubectl-ome;rollout;help' {
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Show rollout progress for an InferenceService')
            [CompletionResult]::new('explain', 'explain', [CompletionResultType]::ParameterValue, 'Explain rollout intent, effective plan, and observed progress')
            [CompletionResult]::new('pause', 'pause', [CompletionResultType]::ParameterValue, 'Alpha: guarded service-wide rollout pause')
            [CompletionResult]::new('resume', 'resume', [CompletionResultType]::ParameterValue, 'Alpha: guarded service-wide rollout resume')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'kubectl-ome;rollout;help;status' {
            break
        }
        'kubectl-ome;rollout;help;explain' {
            break
        }
        'kubectl-ome;rollout;help;pause' {
            break
        }
        'kubectl-ome;rollout;help;resume' {
            break
        }
        'kubectl-ome;rollout;help;help' {
            break
        }
        'kubectl-ome;runtime' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Kubeconfig file (else $KUBECONFIG, ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('--cluster', '--cluster', [CompletionResultType]::ParameterName, 'The kubeconfig cluster to use')
            [CompletionResult]::new('--user', '--user', [CompletionResultType]::ParameterName, 'The kubeconfig user to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Namespace (else the context''s, else default)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'Namespace (else the context''s, else default)')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Limit of one request (10s, 1m, seconds); 0 or unset: 30s, or the command''s lower cap (scale: 10s)')
            [CompletionResult]::new('-s', '-s', [CompletionResultType]::ParameterName, 'The API server''s address (https://host:port)')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'The API server''s address (https://host:port)')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token for the API server')
            [CompletionResult]::new('--certificate-authority', '--certificate-authority', [CompletionResultType]::ParameterName, 'PEM file of the CA of the server''s certificate')
            [CompletionResult]::new('--client-certificate', '--client-certificate', [CompletionResultType]::ParameterName, 'PEM file of a TLS client certificate')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'PEM file of the client certificate''s key')
            [CompletionResult]::new('--insecure-skip-tls-verify', '--insecure-skip-tls-verify', [CompletionResultType]::ParameterName, 'Do not verify the server''s certificate (insecure)')
            [CompletionResult]::new('--tls-server-name', '--tls-server-name', [CompletionResultType]::ParameterName, 'Verify the server''s certificate for this name')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'User to impersonate')
            [CompletionResult]::new('--as-group', '--as-group', [CompletionResultType]::ParameterName, 'Group to impersonate (repeatable)')
            [CompletionResult]::new('--as-uid', '--as-uid', [CompletionResultType]::ParameterName, 'UID to impersonate')
            [CompletionResult]::new('--cache-dir', '--cache-dir', [CompletionResultType]::ParameterName, 'Accepted as in kubectl; the plugin caches nothing')
            [CompletionResult]::new('--disable-compression', '--disable-compression', [CompletionResultType]::ParameterName, 'Do not ask for compressed responses')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('effective', 'effective', [CompletionResultType]::ParameterValue, 'Show effective runtime evidence for an InferenceService')
            [CompletionResult]::new('explain', 'explain', [CompletionResultType]::ParameterValue, 'Explain which serving runtimes match a model and why')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'kubectl-ome;runtime;effective' {
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, wide, json or yaml')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, wide, json or yaml')
            [CompletionResult]::new('--ome-namespace', '--ome-namespace', [CompletionResultType]::ParameterName, 'The namespace where OME keeps runtime ControllerRevisions')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Kubeconfig file (else $KUBECONFIG, ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('--cluster', '--cluster', [CompletionResultType]::ParameterName, 'The kubeconfig cluster to use')
            [CompletionResult]::new('--user', '--user', [CompletionResultType]::ParameterName, 'The kubeconfig user to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Namespace (else the context''s, else default)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'Namespace (else the context''s, else default)')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Limit of one request (10s, 1m, seconds); 0 or unset: 30s, or the command''s lower cap (scale: 10s)')
            [CompletionResult]::new('-s', '-s', [CompletionResultType]::ParameterName, 'The API server''s address (https://host:port)')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'The API server''s address (https://host:port)')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token for the API server')
            [CompletionResult]::new('--certificate-authority', '--certificate-authority', [CompletionResultType]::ParameterName, 'PEM file of the CA of the server''s certificate')
            [CompletionResult]::new('--client-certificate', '--client-certificate', [CompletionResultType]::ParameterName, 'PEM file of a TLS client certificate')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'PEM file of the client certificate''s key')
            [CompletionResult]::new('--insecure-skip-tls-verify', '--insecure-skip-tls-verify', [CompletionResultType]::ParameterName, 'Do not verify the server''s certificate (insecure)')
            [CompletionResult]::new('--tls-server-name', '--tls-server-name', [CompletionResultType]::ParameterName, 'Verify the server''s certificate for this name')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'User to impersonate')
            [CompletionResult]::new('--as-group', '--as-group', [CompletionResultType]::ParameterName, 'Group to impersonate (repeatable)')
            [CompletionResult]::new('--as-uid', '--as-uid', [CompletionResultType]::ParameterName, 'UID to impersonate')
            [CompletionResult]::new('--cache-dir', '--cache-dir', [CompletionResultType]::ParameterName, 'Accepted as in kubectl; the plugin caches nothing')
            [CompletionResult]::new('--disable-compression', '--disable-compression', [CompletionResultType]::ParameterName, 'Do not ask for compressed responses')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'kubectl-ome;runtime;explain' {
            [CompletionResult]::new('--model', '--model', [CompletionResultType]::ParameterName, 'A BaseModel in the namespace, else the ClusterBaseModel of that name')
            [CompletionResult]::new('--isvc', '--isvc', [CompletionResultType]::ParameterName, 'An InferenceService: its model, accelerator classes and deployment modes')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Kubeconfig file (else $KUBECONFIG, ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('--cluster', '--cluster', [CompletionResultType]::ParameterName, 'The kubeconfig cluster to use')
            [CompletionResult]::new('--user', '--user', [CompletionResultType]::ParameterName, 'The kubeconfig user to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Namespace (else the context''s, else default)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'Namespace (else the context''s, else default)')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Limit of one request (10s, 1m, seconds); 0 or unset: 30s, or the command''s lower cap (scale: 10s)')
            [CompletionResult]::new('-s', '-s', [CompletionResultType]::ParameterName, 'The API server''s address (https://host:port)')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'The API server''s address (https://host:port)')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token for the API server')
            [CompletionResult]::new('--certificate-authority', '--certificate-authority', [CompletionResultType]::ParameterName, 'PEM file of the CA of the server''s certificate')
            [CompletionResult]::new('--client-certificate', '--client-certificate', [CompletionResultType]::ParameterName, 'PEM file of a TLS client certificate')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'PEM file of the client certificate''s key')
            [CompletionResult]::new('--insecure-skip-tls-verify', '--insecure-skip-tls-verify', [CompletionResultType]::ParameterName, 'Do not verify the server''s certificate (insecure)')
            [CompletionResult]::new('--tls-server-name', '--tls-server-name', [CompletionResultType]::ParameterName, 'Verify the server''s certificate for this name')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'User to impersonate')
            [CompletionResult]::new('--as-group', '--as-group', [CompletionResultType]::ParameterName, 'Group to impersonate (repeatable)')
            [CompletionResult]::new('--as-uid', '--as-uid', [CompletionResultType]::ParameterName, 'UID to impersonate')
            [CompletionResult]::new('--cache-dir', '--cache-dir', [CompletionResultType]::ParameterName, 'Accepted as in kubectl; the plugin caches nothing')
            [CompletionResult]::new('--disable-compression', '--disable-compression', [CompletionResultType]::ParameterName, 'Do not ask for compressed responses')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'kubectl-ome;runtime;help' {
            [CompletionResult]::new('effective', 'effective', [CompletionResultType]::ParameterValue, 'Show effective runtime evidence for an InferenceService')
            [CompletionResult]::new('explain', 'explain', [CompletionResultType]::ParameterValue, 'Explain which serving runtimes match a model and why')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'kubectl-ome;runtime;help;effective' {
            break
        }
        'kubectl-ome;runtime;help;explain' {
            break
        }
        'kubectl-ome;runtime;help;help' {
            break
        }
        'kubectl-ome;scale' {
            [CompletionResult]::new('--component', '--component', [CompletionResultType]::ParameterName, 'The component: engine, decoder or router')
            [CompletionResult]::new('--replicas', '--replicas', [CompletionResultType]::ParameterName, 'The requested Instance count (positive, base-10)')
            [CompletionResult]::new('--current-replicas', '--current-replicas', [CompletionResultType]::ParameterName, 'Precondition: write only while the current count (the /scale spec.replicas) is this')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, wide, json or yaml')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, wide, json or yaml')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'none; client (nothing is sent); server (checked, not stored)')
            [CompletionResult]::new('--override-autoscaler', '--override-autoscaler', [CompletionResultType]::ParameterName, 'Accept that the count''s owner may undo it (required)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Confirm the request without a prompt')
            [CompletionResult]::new('--ome-namespace', '--ome-namespace', [CompletionResultType]::ParameterName, 'Namespace of OME''s runtime ControllerRevisions')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Kubeconfig file (else $KUBECONFIG, ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('--cluster', '--cluster', [CompletionResultType]::ParameterName, 'The kubeconfig cluster to use')
            [CompletionResult]::new('--user', '--user', [CompletionResultType]::ParameterName, 'The kubeconfig user to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Namespace (else the context''s, else default)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'Namespace (else the context''s, else default)')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Limit of one request (10s, 1m, seconds); 0 or unset: 30s, or the command''s lower cap (scale: 10s)')
            [CompletionResult]::new('-s', '-s', [CompletionResultType]::ParameterName, 'The API server''s address (https://host:port)')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'The API server''s address (https://host:port)')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token for the API server')
            [CompletionResult]::new('--certificate-authority', '--certificate-authority', [CompletionResultType]::ParameterName, 'PEM file of the CA of the server''s certificate')
            [CompletionResult]::new('--client-certificate', '--client-certificate', [CompletionResultType]::ParameterName, 'PEM file of a TLS client certificate')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'PEM file of the client certificate''s key')
            [CompletionResult]::new('--insecure-skip-tls-verify', '--insecure-skip-tls-verify', [CompletionResultType]::ParameterName, 'Do not verify the server''s certificate (insecure)')
            [CompletionResult]::new('--tls-server-name', '--tls-server-name', [CompletionResultType]::ParameterName, 'Verify the server''s certificate for this name')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'User to impersonate')
            [CompletionResult]::new('--as-group', '--as-group', [CompletionResultType]::ParameterName, 'Group to impersonate (repeatable)')
            [CompletionResult]::new('--as-uid', '--as-uid', [CompletionResultType]::ParameterName, 'UID to impersonate')
            [CompletionResult]::new('--cache-dir', '--cache-dir', [CompletionResultType]::ParameterName, 'Accepted as in kubectl; the plugin caches nothing')
            [CompletionResult]::new('--disable-compression', '--disable-compression', [CompletionResultType]::ParameterName, 'Do not ask for compressed responses')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'kubectl-ome;status' {
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, wide, json or yaml')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, wide, json or yaml')
            [CompletionResult]::new('--ome-namespace', '--ome-namespace', [CompletionResultType]::ParameterName, 'The namespace where OME keeps runtime ControllerRevisions')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Kubeconfig file (else $KUBECONFIG, ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('--cluster', '--cluster', [CompletionResultType]::ParameterName, 'The kubeconfig cluster to use')
            [CompletionResult]::new('--user', '--user', [CompletionResultType]::ParameterName, 'The kubeconfig user to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Namespace (else the context''s, else default)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'Namespace (else the context''s, else default)')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Limit of one request (10s, 1m, seconds); 0 or unset: 30s, or the command''s lower cap (scale: 10s)')
            [CompletionResult]::new('-s', '-s', [CompletionResultType]::ParameterName, 'The API server''s address (https://host:port)')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'The API server''s address (https://host:port)')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token for the API server')
            [CompletionResult]::new('--certificate-authority', '--certificate-authority', [CompletionResultType]::ParameterName, 'PEM file of the CA of the server''s certificate')
            [CompletionResult]::new('--client-certificate', '--client-certificate', [CompletionResultType]::ParameterName, 'PEM file of a TLS client certificate')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'PEM file of the client certificate''s key')
            [CompletionResult]::new('--insecure-skip-tls-verify', '--insecure-skip-tls-verify', [CompletionResultType]::ParameterName, 'Do not verify the server''s certificate (insecure)')
            [CompletionResult]::new('--tls-server-name', '--tls-server-name', [CompletionResultType]::ParameterName, 'Verify the server''s certificate for this name')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'User to impersonate')
            [CompletionResult]::new('--as-group', '--as-group', [CompletionResultType]::ParameterName, 'Group to impersonate (repeatable)')
            [CompletionResult]::new('--as-uid', '--as-uid', [CompletionResultType]::ParameterName, 'UID to impersonate')
            [CompletionResult]::new('--cache-dir', '--cache-dir', [CompletionResultType]::ParameterName, 'Accepted as in kubectl; the plugin caches nothing')
            [CompletionResult]::new('--disable-compression', '--disable-compression', [CompletionResultType]::ParameterName, 'Do not ask for compressed responses')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'kubectl-ome;logs' {
            [CompletionResult]::new('-c', '-c', [CompletionResultType]::ParameterName, 'The component: engine, decoder or router (not a container)')
            [CompletionResult]::new('--component', '--component', [CompletionResultType]::ParameterName, 'The component: engine, decoder or router (not a container)')
            [CompletionResult]::new('--instance', '--instance', [CompletionResultType]::ParameterName, 'An OMENative Instance index; requires --component or a full --revision')
            [CompletionResult]::new('--revision', '--revision', [CompletionResultType]::ParameterName, 'A revision: 8 lowercase hex characters, or <inferenceservice>-<component>-<hash>')
            [CompletionResult]::new('--container', '--container', [CompletionResultType]::ParameterName, 'The container to read in every selected pod')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Keep the streams open and print new lines')
            [CompletionResult]::new('--follow', '--follow', [CompletionResultType]::ParameterName, 'Keep the streams open and print new lines')
            [CompletionResult]::new('--tail', '--tail', [CompletionResultType]::ParameterName, 'Lines per pod; a negative value means all, 0 prints no history')
            [CompletionResult]::new('--since', '--since', [CompletionResultType]::ParameterName, 'Only lines newer than this duration (e.g. 10s, 5m); 0 means no bound')
            [CompletionResult]::new('--max-log-requests', '--max-log-requests', [CompletionResultType]::ParameterName, 'With --follow, the most concurrent log streams')
            [CompletionResult]::new('--limit-bytes', '--limit-bytes', [CompletionResultType]::ParameterName, 'Bytes per pod, one-shot reads only; 0 means no limit')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Kubeconfig file (else $KUBECONFIG, ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('--cluster', '--cluster', [CompletionResultType]::ParameterName, 'The kubeconfig cluster to use')
            [CompletionResult]::new('--user', '--user', [CompletionResultType]::ParameterName, 'The kubeconfig user to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Namespace (else the context''s, else default)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'Namespace (else the context''s, else default)')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Limit of one request (10s, 1m, seconds); 0 or unset: 30s, or the command''s lower cap (scale: 10s)')
            [CompletionResult]::new('-s', '-s', [CompletionResultType]::ParameterName, 'The API server''s address (https://host:port)')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'The API server''s address (https://host:port)')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token for the API server')
            [CompletionResult]::new('--certificate-authority', '--certificate-authority', [CompletionResultType]::ParameterName, 'PEM file of the CA of the server''s certificate')
            [CompletionResult]::new('--client-certificate', '--client-certificate', [CompletionResultType]::ParameterName, 'PEM file of a TLS client certificate')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'PEM file of the client certificate''s key')
            [CompletionResult]::new('--insecure-skip-tls-verify', '--insecure-skip-tls-verify', [CompletionResultType]::ParameterName, 'Do not verify the server''s certificate (insecure)')
            [CompletionResult]::new('--tls-server-name', '--tls-server-name', [CompletionResultType]::ParameterName, 'Verify the server''s certificate for this name')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'User to impersonate')
            [CompletionResult]::new('--as-group', '--as-group', [CompletionResultType]::ParameterName, 'Group to impersonate (repeatable)')
            [CompletionResult]::new('--as-uid', '--as-uid', [CompletionResultType]::ParameterName, 'UID to impersonate')
            [CompletionResult]::new('--cache-dir', '--cache-dir', [CompletionResultType]::ParameterName, 'Accepted as in kubectl; the plugin caches nothing')
            [CompletionResult]::new('--disable-compression', '--disable-compression', [CompletionResultType]::ParameterName, 'Do not ask for compressed responses')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'kubectl-ome;version' {
            [CompletionResult]::new('--ome-namespace', '--ome-namespace', [CompletionResultType]::ParameterName, 'Namespace of the ome-controller-manager')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Kubeconfig file (else $KUBECONFIG, ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('--cluster', '--cluster', [CompletionResultType]::ParameterName, 'The kubeconfig cluster to use')
            [CompletionResult]::new('--user', '--user', [CompletionResultType]::ParameterName, 'The kubeconfig user to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Namespace (else the context''s, else default)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'Namespace (else the context''s, else default)')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Limit of one request (10s, 1m, seconds); 0 or unset: 30s, or the command''s lower cap (scale: 10s)')
            [CompletionResult]::new('-s', '-s', [CompletionResultType]::ParameterName, 'The API server''s address (https://host:port)')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'The API server''s address (https://host:port)')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token for the API server')
            [CompletionResult]::new('--certificate-authority', '--certificate-authority', [CompletionResultType]::ParameterName, 'PEM file of the CA of the server''s certificate')
            [CompletionResult]::new('--client-certificate', '--client-certificate', [CompletionResultType]::ParameterName, 'PEM file of a TLS client certificate')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'PEM file of the client certificate''s key')
            [CompletionResult]::new('--insecure-skip-tls-verify', '--insecure-skip-tls-verify', [CompletionResultType]::ParameterName, 'Do not verify the server''s certificate (insecure)')
            [CompletionResult]::new('--tls-server-name', '--tls-server-name', [CompletionResultType]::ParameterName, 'Verify the server''s certificate for this name')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'User to impersonate')
            [CompletionResult]::new('--as-group', '--as-group', [CompletionResultType]::ParameterName, 'Group to impersonate (repeatable)')
            [CompletionResult]::new('--as-uid', '--as-uid', [CompletionResultType]::ParameterName, 'UID to impersonate')
            [CompletionResult]::new('--cache-dir', '--cache-dir', [CompletionResultType]::ParameterName, 'Accepted as in kubectl; the plugin caches nothing')
            [CompletionResult]::new('--disable-compression', '--disable-compression', [CompletionResultType]::ParameterName, 'Do not ask for compressed responses')
            [CompletionResult]::new('--client', '--client', [CompletionResultType]::ParameterName, 'Only the client version (nothing is read)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
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
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Kubeconfig file (else $KUBECONFIG, ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('--cluster', '--cluster', [CompletionResultType]::ParameterName, 'The kubeconfig cluster to use')
            [CompletionResult]::new('--user', '--user', [CompletionResultType]::ParameterName, 'The kubeconfig user to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Namespace (else the context''s, else default)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'Namespace (else the context''s, else default)')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Limit of one request (10s, 1m, seconds); 0 or unset: 30s, or the command''s lower cap (scale: 10s)')
            [CompletionResult]::new('-s', '-s', [CompletionResultType]::ParameterName, 'The API server''s address (https://host:port)')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'The API server''s address (https://host:port)')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token for the API server')
            [CompletionResult]::new('--certificate-authority', '--certificate-authority', [CompletionResultType]::ParameterName, 'PEM file of the CA of the server''s certificate')
            [CompletionResult]::new('--client-certificate', '--client-certificate', [CompletionResultType]::ParameterName, 'PEM file of a TLS client certificate')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'PEM file of the client certificate''s key')
            [CompletionResult]::new('--insecure-skip-tls-verify', '--insecure-skip-tls-verify', [CompletionResultType]::ParameterName, 'Do not verify the server''s certificate (insecure)')
            [CompletionResult]::new('--tls-server-name', '--tls-server-name', [CompletionResultType]::ParameterName, 'Verify the server''s certificate for this name')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'User to impersonate')
            [CompletionResult]::new('--as-group', '--as-group', [CompletionResultType]::ParameterName, 'Group to impersonate (repeatable)')
            [CompletionResult]::new('--as-uid', '--as-uid', [CompletionResultType]::ParameterName, 'UID to impersonate')
            [CompletionResult]::new('--cache-dir', '--cache-dir', [CompletionResultType]::ParameterName, 'Accepted as in kubectl; the plugin caches nothing')
            [CompletionResult]::new('--disable-compression', '--disable-compression', [CompletionResultType]::ParameterName, 'Do not ask for compressed responses')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'kubectl-ome;completion' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Kubeconfig file (else $KUBECONFIG, ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('--cluster', '--cluster', [CompletionResultType]::ParameterName, 'The kubeconfig cluster to use')
            [CompletionResult]::new('--user', '--user', [CompletionResultType]::ParameterName, 'The kubeconfig user to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Namespace (else the context''s, else default)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'Namespace (else the context''s, else default)')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Limit of one request (10s, 1m, seconds); 0 or unset: 30s, or the command''s lower cap (scale: 10s)')
            [CompletionResult]::new('-s', '-s', [CompletionResultType]::ParameterName, 'The API server''s address (https://host:port)')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'The API server''s address (https://host:port)')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token for the API server')
            [CompletionResult]::new('--certificate-authority', '--certificate-authority', [CompletionResultType]::ParameterName, 'PEM file of the CA of the server''s certificate')
            [CompletionResult]::new('--client-certificate', '--client-certificate', [CompletionResultType]::ParameterName, 'PEM file of a TLS client certificate')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'PEM file of the client certificate''s key')
            [CompletionResult]::new('--insecure-skip-tls-verify', '--insecure-skip-tls-verify', [CompletionResultType]::ParameterName, 'Do not verify the server''s certificate (insecure)')
            [CompletionResult]::new('--tls-server-name', '--tls-server-name', [CompletionResultType]::ParameterName, 'Verify the server''s certificate for this name')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'User to impersonate')
            [CompletionResult]::new('--as-group', '--as-group', [CompletionResultType]::ParameterName, 'Group to impersonate (repeatable)')
            [CompletionResult]::new('--as-uid', '--as-uid', [CompletionResultType]::ParameterName, 'UID to impersonate')
            [CompletionResult]::new('--cache-dir', '--cache-dir', [CompletionResultType]::ParameterName, 'Accepted as in kubectl; the plugin caches nothing')
            [CompletionResult]::new('--disable-compression', '--disable-compression', [CompletionResultType]::ParameterName, 'Do not ask for compressed responses')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('install', 'install', [CompletionResultType]::ParameterValue, 'Install the completion entry for `kubectl ome <TAB>`')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'kubectl-ome;completion;install' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Kubeconfig file (else $KUBECONFIG, ~/.kube/config)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The kubeconfig context to use')
            [CompletionResult]::new('--cluster', '--cluster', [CompletionResultType]::ParameterName, 'The kubeconfig cluster to use')
            [CompletionResult]::new('--user', '--user', [CompletionResultType]::ParameterName, 'The kubeconfig user to use')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Namespace (else the context''s, else default)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'Namespace (else the context''s, else default)')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Limit of one request (10s, 1m, seconds); 0 or unset: 30s, or the command''s lower cap (scale: 10s)')
            [CompletionResult]::new('-s', '-s', [CompletionResultType]::ParameterName, 'The API server''s address (https://host:port)')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'The API server''s address (https://host:port)')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token for the API server')
            [CompletionResult]::new('--certificate-authority', '--certificate-authority', [CompletionResultType]::ParameterName, 'PEM file of the CA of the server''s certificate')
            [CompletionResult]::new('--client-certificate', '--client-certificate', [CompletionResultType]::ParameterName, 'PEM file of a TLS client certificate')
            [CompletionResult]::new('--client-key', '--client-key', [CompletionResultType]::ParameterName, 'PEM file of the client certificate''s key')
            [CompletionResult]::new('--insecure-skip-tls-verify', '--insecure-skip-tls-verify', [CompletionResultType]::ParameterName, 'Do not verify the server''s certificate (insecure)')
            [CompletionResult]::new('--tls-server-name', '--tls-server-name', [CompletionResultType]::ParameterName, 'Verify the server''s certificate for this name')
            [CompletionResult]::new('--as', '--as', [CompletionResultType]::ParameterName, 'User to impersonate')
            [CompletionResult]::new('--as-group', '--as-group', [CompletionResultType]::ParameterName, 'Group to impersonate (repeatable)')
            [CompletionResult]::new('--as-uid', '--as-uid', [CompletionResultType]::ParameterName, 'UID to impersonate')
            [CompletionResult]::new('--cache-dir', '--cache-dir', [CompletionResultType]::ParameterName, 'Accepted as in kubectl; the plugin caches nothing')
            [CompletionResult]::new('--disable-compression', '--disable-compression', [CompletionResultType]::ParameterName, 'Do not ask for compressed responses')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'kubectl-ome;completion;help' {
            [CompletionResult]::new('install', 'install', [CompletionResultType]::ParameterValue, 'Install the completion entry for `kubectl ome <TAB>`')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'kubectl-ome;completion;help;install' {
            break
        }
        'kubectl-ome;completion;help;help' {
            break
        }
        'kubectl-ome;help' {
            [CompletionResult]::new('admin', 'admin', [CompletionResultType]::ParameterValue, 'Administer and check the OME installation')
            [CompletionResult]::new('autoscale', 'autoscale', [CompletionResultType]::ParameterValue, 'Inspect autoscaling configuration and evidence')
            [CompletionResult]::new('instance', 'instance', [CompletionResultType]::ParameterValue, 'Inspect controller-reported logical instances')
            [CompletionResult]::new('migration', 'migration', [CompletionResultType]::ParameterValue, 'Inspect OMENative migrations')
            [CompletionResult]::new('rollout', 'rollout', [CompletionResultType]::ParameterValue, 'Inspect InferenceService rollouts')
            [CompletionResult]::new('runtime', 'runtime', [CompletionResultType]::ParameterValue, 'Inspect OME runtime selection and configuration')
            [CompletionResult]::new('scale', 'scale', [CompletionResultType]::ParameterValue, 'Guard a transient, positive replica request for an OMENative component (alpha)')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Show the full readiness story of an InferenceService')
            [CompletionResult]::new('logs', 'logs', [CompletionResultType]::ParameterValue, 'Stream logs from the pods behind an InferenceService')
            [CompletionResult]::new('version', 'version', [CompletionResultType]::ParameterValue, 'Print the client, OME operator and Kubernetes server versions')
            [CompletionResult]::new('wait', 'wait', [CompletionResultType]::ParameterValue, 'Wait for reported service, replica, or runtime-sync state')
            [CompletionResult]::new('completion', 'completion', [CompletionResultType]::ParameterValue, 'Print a shell completion script (bash, zsh, fish, powershell), or install the completion entry for `kubectl ome <TAB>`')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'kubectl-ome;help;admin' {
            [CompletionResult]::new('doctor', 'doctor', [CompletionResultType]::ParameterValue, 'Inspect bounded current-context OME diagnostic evidence')
            break
        }
        'kubectl-ome;help;admin;doctor' {
            break
        }
        'kubectl-ome;help;autoscale' {
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Show controller-reported autoscaling status')
            [CompletionResult]::new('explain', 'explain', [CompletionResultType]::ParameterValue, 'Explain effective and reported autoscaling')
            break
        }
        'kubectl-ome;help;autoscale;status' {
            break
        }
        'kubectl-ome;help;autoscale;explain' {
            break
        }
        'kubectl-ome;help;instance' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List controller-reported logical instances')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Show one logical instance and bounded live evidence')
            [CompletionResult]::new('retry-blocks', 'retry-blocks', [CompletionResultType]::ParameterValue, 'Show controller-reported retry authority')
            [CompletionResult]::new('release-held', 'release-held', [CompletionResultType]::ParameterValue, 'Alpha: request release of one exact Held revision')
            break
        }
        'kubectl-ome;help;instance;list' {
            break
        }
        'kubectl-ome;help;instance;status' {
            break
        }
        'kubectl-ome;help;instance;retry-blocks' {
            break
        }
        'kubectl-ome;help;instance;release-held' {
            break
        }
        'kubectl-ome;help;migration' {
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Show live InferenceReplica migration status')
            break
        }
        'kubectl-ome;help;migration;status' {
            break
        }
        'kubectl-ome;help;rollout' {
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Show rollout progress for an InferenceService')
            [CompletionResult]::new('explain', 'explain', [CompletionResultType]::ParameterValue, 'Explain rollout intent, effective plan, and observed progress')
            [CompletionResult]::new('pause', 'pause', [CompletionResultType]::ParameterValue, 'Alpha: guarded service-wide rollout pause')
            [CompletionResult]::new('resume', 'resume', [CompletionResultType]::ParameterValue, 'Alpha: guarded service-wide rollout resume')
            break
        }
        'kubectl-ome;help;rollout;status' {
            break
        }
        'kubectl-ome;help;rollout;explain' {
            break
        }
        'kubectl-ome;help;rollout;pause' {
            break
        }
        'kubectl-ome;help;rollout;resume' {
            break
        }
        'kubectl-ome;help;runtime' {
            [CompletionResult]::new('effective', 'effective', [CompletionResultType]::ParameterValue, 'Show effective runtime evidence for an InferenceService')
            [CompletionResult]::new('explain', 'explain', [CompletionResultType]::ParameterValue, 'Explain which serving runtimes match a model and why')
            break
        }
        'kubectl-ome;help;runtime;effective' {
            break
        }
        'kubectl-ome;help;runtime;explain' {
            break
        }
        'kubectl-ome;help;scale' {
            break
        }
        'kubectl-ome;help;status' {
            break
        }
        'kubectl-ome;help;logs' {
            break
        }
        'kubectl-ome;help;version' {
            break
        }
        'kubectl-ome;help;wait' {
            break
        }
        'kubectl-ome;help;completion' {
            [CompletionResult]::new('install', 'install', [CompletionResultType]::ParameterValue, 'Install the completion entry for `kubectl ome <TAB>`')
            break
        }
        'kubectl-ome;help;completion;install' {
            break
        }
        'kubectl-ome;help;help' {
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
