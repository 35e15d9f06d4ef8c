# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_kubectl_ome_global_optspecs
    string join \n kubeconfig= context= cluster= user= n/namespace= request-timeout= h/help V/version
end

function __fish_kubectl_ome_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_kubectl_ome_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_kubectl_ome_using_subcommand
    set -l cmd (__fish_kubectl_ome_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c kubectl-ome -n "__fish_kubectl_ome_needs_command" -l kubeconfig -d 'Path to the kubeconfig file to use (otherwise $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_needs_command" -l context -d 'The name of the kubeconfig context to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_needs_command" -l cluster -d 'The name of the kubeconfig cluster to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_needs_command" -l user -d 'The name of the kubeconfig user to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_needs_command" -s n -l namespace -d 'The namespace scope for this request (otherwise the context\'s namespace, then default)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_needs_command" -l request-timeout -d 'Time to wait for a single server request (e.g. 10s, 1m; 0 means no timeout)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_needs_command" -s h -l help -d 'Print help'
complete -c kubectl-ome -n "__fish_kubectl_ome_needs_command" -s V -l version -d 'Print version'
complete -c kubectl-ome -n "__fish_kubectl_ome_needs_command" -f -a "autoscale" -d 'Inspect autoscaling configuration and evidence'
complete -c kubectl-ome -n "__fish_kubectl_ome_needs_command" -f -a "instance" -d 'Inspect controller-reported logical instances'
complete -c kubectl-ome -n "__fish_kubectl_ome_needs_command" -f -a "migration" -d 'Inspect and request OMENative migrations'
complete -c kubectl-ome -n "__fish_kubectl_ome_needs_command" -f -a "rollout" -d 'Inspect InferenceService rollouts'
complete -c kubectl-ome -n "__fish_kubectl_ome_needs_command" -f -a "scale" -d 'Guard a transient, positive replica request for an OMENative component (alpha)'
complete -c kubectl-ome -n "__fish_kubectl_ome_needs_command" -f -a "version" -d 'Print the client version and, when reachable, the server version'
complete -c kubectl-ome -n "__fish_kubectl_ome_needs_command" -f -a "wait" -d 'Wait for reported service, replica, or runtime-sync state'
complete -c kubectl-ome -n "__fish_kubectl_ome_needs_command" -f -a "completion" -d 'Print a shell completion script (bash, zsh, fish, powershell), or install the completion entry for `kubectl ome <TAB>`'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and not __fish_seen_subcommand_from status" -l kubeconfig -d 'Path to the kubeconfig file to use (otherwise $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and not __fish_seen_subcommand_from status" -l context -d 'The name of the kubeconfig context to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and not __fish_seen_subcommand_from status" -l cluster -d 'The name of the kubeconfig cluster to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and not __fish_seen_subcommand_from status" -l user -d 'The name of the kubeconfig user to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and not __fish_seen_subcommand_from status" -s n -l namespace -d 'The namespace scope for this request (otherwise the context\'s namespace, then default)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and not __fish_seen_subcommand_from status" -l request-timeout -d 'Time to wait for a single server request (e.g. 10s, 1m; 0 means no timeout)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and not __fish_seen_subcommand_from status" -s h -l help -d 'Print help'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and not __fish_seen_subcommand_from status" -s V -l version -d 'Print version'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and not __fish_seen_subcommand_from status" -f -a "status" -d 'Show controller-reported autoscaling status'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and __fish_seen_subcommand_from status" -s o -l output -d 'Output format: table, wide, json or yaml' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and __fish_seen_subcommand_from status" -l kubeconfig -d 'Path to the kubeconfig file to use (otherwise $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and __fish_seen_subcommand_from status" -l context -d 'The name of the kubeconfig context to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and __fish_seen_subcommand_from status" -l cluster -d 'The name of the kubeconfig cluster to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and __fish_seen_subcommand_from status" -l user -d 'The name of the kubeconfig user to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and __fish_seen_subcommand_from status" -s n -l namespace -d 'The namespace scope for this request (otherwise the context\'s namespace, then default)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and __fish_seen_subcommand_from status" -l request-timeout -d 'Time to wait for a single server request (e.g. 10s, 1m; 0 means no timeout)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and __fish_seen_subcommand_from status" -l live-scale -d 'Also read the selected InferenceReplica and its /scale'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and __fish_seen_subcommand_from status" -l live-scaler -d 'Also read the OME-managed HPA or KEDA ScaledObject'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and __fish_seen_subcommand_from status" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and __fish_seen_subcommand_from status" -s V -l version -d 'Print version'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and not __fish_seen_subcommand_from list" -l kubeconfig -d 'Path to the kubeconfig file to use (otherwise $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and not __fish_seen_subcommand_from list" -l context -d 'The name of the kubeconfig context to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and not __fish_seen_subcommand_from list" -l cluster -d 'The name of the kubeconfig cluster to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and not __fish_seen_subcommand_from list" -l user -d 'The name of the kubeconfig user to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and not __fish_seen_subcommand_from list" -s n -l namespace -d 'The namespace scope for this request (otherwise the context\'s namespace, then default)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and not __fish_seen_subcommand_from list" -l request-timeout -d 'Time to wait for a single server request (e.g. 10s, 1m; 0 means no timeout)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and not __fish_seen_subcommand_from list" -s h -l help -d 'Print help'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and not __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and not __fish_seen_subcommand_from list" -f -a "list" -d 'List controller-reported logical instances'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from list" -s o -l output -d 'Output format: table, json or yaml' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from list" -l kubeconfig -d 'Path to the kubeconfig file to use (otherwise $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from list" -l context -d 'The name of the kubeconfig context to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from list" -l cluster -d 'The name of the kubeconfig cluster to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from list" -l user -d 'The name of the kubeconfig user to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from list" -s n -l namespace -d 'The namespace scope for this request (otherwise the context\'s namespace, then default)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from list" -l request-timeout -d 'Time to wait for a single server request (e.g. 10s, 1m; 0 means no timeout)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and not __fish_seen_subcommand_from status" -l kubeconfig -d 'Path to the kubeconfig file to use (otherwise $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and not __fish_seen_subcommand_from status" -l context -d 'The name of the kubeconfig context to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and not __fish_seen_subcommand_from status" -l cluster -d 'The name of the kubeconfig cluster to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and not __fish_seen_subcommand_from status" -l user -d 'The name of the kubeconfig user to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and not __fish_seen_subcommand_from status" -s n -l namespace -d 'The namespace scope for this request (otherwise the context\'s namespace, then default)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and not __fish_seen_subcommand_from status" -l request-timeout -d 'Time to wait for a single server request (e.g. 10s, 1m; 0 means no timeout)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and not __fish_seen_subcommand_from status" -s h -l help -d 'Print help'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and not __fish_seen_subcommand_from status" -s V -l version -d 'Print version'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and not __fish_seen_subcommand_from status" -f -a "status" -d 'Show live InferenceReplica migration status'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and __fish_seen_subcommand_from status" -l component -d 'Only this component: engine, decoder or router' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and __fish_seen_subcommand_from status" -s o -l output -d 'Output format: table, json or yaml' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and __fish_seen_subcommand_from status" -l kubeconfig -d 'Path to the kubeconfig file to use (otherwise $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and __fish_seen_subcommand_from status" -l context -d 'The name of the kubeconfig context to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and __fish_seen_subcommand_from status" -l cluster -d 'The name of the kubeconfig cluster to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and __fish_seen_subcommand_from status" -l user -d 'The name of the kubeconfig user to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and __fish_seen_subcommand_from status" -s n -l namespace -d 'The namespace scope for this request (otherwise the context\'s namespace, then default)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and __fish_seen_subcommand_from status" -l request-timeout -d 'Time to wait for a single server request (e.g. 10s, 1m; 0 means no timeout)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and __fish_seen_subcommand_from status" -s h -l help -d 'Print help'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and __fish_seen_subcommand_from status" -s V -l version -d 'Print version'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and not __fish_seen_subcommand_from status" -l kubeconfig -d 'Path to the kubeconfig file to use (otherwise $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and not __fish_seen_subcommand_from status" -l context -d 'The name of the kubeconfig context to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and not __fish_seen_subcommand_from status" -l cluster -d 'The name of the kubeconfig cluster to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and not __fish_seen_subcommand_from status" -l user -d 'The name of the kubeconfig user to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and not __fish_seen_subcommand_from status" -s n -l namespace -d 'The namespace scope for this request (otherwise the context\'s namespace, then default)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and not __fish_seen_subcommand_from status" -l request-timeout -d 'Time to wait for a single server request (e.g. 10s, 1m; 0 means no timeout)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and not __fish_seen_subcommand_from status" -s h -l help -d 'Print help'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and not __fish_seen_subcommand_from status" -s V -l version -d 'Print version'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and not __fish_seen_subcommand_from status" -f -a "status" -d 'Show rollout progress for an InferenceService'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from status" -s o -l output -d 'Output format: table, wide, json or yaml' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from status" -l kubeconfig -d 'Path to the kubeconfig file to use (otherwise $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from status" -l context -d 'The name of the kubeconfig context to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from status" -l cluster -d 'The name of the kubeconfig cluster to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from status" -l user -d 'The name of the kubeconfig user to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from status" -s n -l namespace -d 'The namespace scope for this request (otherwise the context\'s namespace, then default)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from status" -l request-timeout -d 'Time to wait for a single server request (e.g. 10s, 1m; 0 means no timeout)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from status" -s h -l help -d 'Print help'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from status" -s V -l version -d 'Print version'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand scale" -l component -d 'The component: engine, decoder or router' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand scale" -l replicas -d 'The requested Instance count (positive, base-10)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand scale" -s o -l output -d 'Output format: table, wide, json or yaml' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand scale" -l dry-run -d 'none, client (no request is sent) or server (the API server checks and stores nothing)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand scale" -l override-autoscaler -d 'Accept that the count\'s owner can overwrite the request (required; needs --yes)' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand scale" -l yes -d 'Confirm the request without a prompt' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand scale" -l ome-namespace -d 'The namespace where OME keeps runtime ControllerRevisions' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand scale" -l kubeconfig -d 'Path to the kubeconfig file to use (otherwise $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand scale" -l context -d 'The name of the kubeconfig context to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand scale" -l cluster -d 'The name of the kubeconfig cluster to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand scale" -l user -d 'The name of the kubeconfig user to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand scale" -s n -l namespace -d 'The namespace scope for this request (otherwise the context\'s namespace, then default)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand scale" -l request-timeout -d 'Time to wait for a single server request (e.g. 10s, 1m; 0 means no timeout)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand scale" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand scale" -s V -l version -d 'Print version'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand version" -l kubeconfig -d 'Path to the kubeconfig file to use (otherwise $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand version" -l context -d 'The name of the kubeconfig context to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand version" -l cluster -d 'The name of the kubeconfig cluster to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand version" -l user -d 'The name of the kubeconfig user to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand version" -s n -l namespace -d 'The namespace scope for this request (otherwise the context\'s namespace, then default)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand version" -l request-timeout -d 'Time to wait for a single server request (e.g. 10s, 1m; 0 means no timeout)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand version" -l client -d 'Print only the client version'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand version" -s h -l help -d 'Print help'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand version" -s V -l version -d 'Print version'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand wait" -l for -d 'The predicate, e.g. replicas=current, replicas=ready, condition=Ready, rollout=stable, migration=terminal' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand wait" -l timeout -d 'How long to wait (Go duration, positive, at most 24h)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand wait" -l request-id -d 'The request ID (migration=terminal, runtime-sync=acknowledged)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand wait" -l component -d 'The component: engine, decoder or router' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand wait" -l replicas -d 'The exact Instance count' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand wait" -l revision -d 'The full revision name (held-revision=unheld)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand wait" -l ir-name -d 'Bind to this exact InferenceReplica name' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand wait" -l ir-uid -d 'Bind to this exact InferenceReplica UID' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand wait" -s o -l output -d 'Output format: table, wide, json or yaml' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand wait" -l kubeconfig -d 'Path to the kubeconfig file to use (otherwise $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand wait" -l context -d 'The name of the kubeconfig context to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand wait" -l cluster -d 'The name of the kubeconfig cluster to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand wait" -l user -d 'The name of the kubeconfig user to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand wait" -s n -l namespace -d 'The namespace scope for this request (otherwise the context\'s namespace, then default)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand wait" -l request-timeout -d 'Time to wait for a single server request (e.g. 10s, 1m; 0 means no timeout)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand wait" -s h -l help -d 'Print help'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand wait" -s V -l version -d 'Print version'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and not __fish_seen_subcommand_from install" -l kubeconfig -d 'Path to the kubeconfig file to use (otherwise $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and not __fish_seen_subcommand_from install" -l context -d 'The name of the kubeconfig context to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and not __fish_seen_subcommand_from install" -l cluster -d 'The name of the kubeconfig cluster to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and not __fish_seen_subcommand_from install" -l user -d 'The name of the kubeconfig user to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and not __fish_seen_subcommand_from install" -s n -l namespace -d 'The namespace scope for this request (otherwise the context\'s namespace, then default)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and not __fish_seen_subcommand_from install" -l request-timeout -d 'Time to wait for a single server request (e.g. 10s, 1m; 0 means no timeout)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and not __fish_seen_subcommand_from install" -s h -l help -d 'Print help'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and not __fish_seen_subcommand_from install" -s V -l version -d 'Print version'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and not __fish_seen_subcommand_from install" -a "install" -d 'Install the completion entry for `kubectl ome <TAB>`'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and __fish_seen_subcommand_from install" -l kubeconfig -d 'Path to the kubeconfig file to use (otherwise $KUBECONFIG, then ~/.kube/config)' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and __fish_seen_subcommand_from install" -l context -d 'The name of the kubeconfig context to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and __fish_seen_subcommand_from install" -l cluster -d 'The name of the kubeconfig cluster to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and __fish_seen_subcommand_from install" -l user -d 'The name of the kubeconfig user to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and __fish_seen_subcommand_from install" -s n -l namespace -d 'The namespace scope for this request (otherwise the context\'s namespace, then default)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and __fish_seen_subcommand_from install" -l request-timeout -d 'Time to wait for a single server request (e.g. 10s, 1m; 0 means no timeout)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and __fish_seen_subcommand_from install" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and __fish_seen_subcommand_from install" -s V -l version -d 'Print version'
