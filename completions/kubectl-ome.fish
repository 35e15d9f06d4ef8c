# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_kubectl_ome_global_optspecs
    string join \n kubeconfig= context= cluster= user= n/namespace= request-timeout= s/server= token= certificate-authority= client-certificate= client-key= insecure-skip-tls-verify= tls-server-name= as= as-group= as-uid= cache-dir= disable-compression= h/help V/version
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

complete -c kubectl-ome -n "__fish_kubectl_ome_needs_command" -l kubeconfig -d 'Kubeconfig file (else $KUBECONFIG, ~/.kube/config)' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_needs_command" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_needs_command" -l cluster -d 'The kubeconfig cluster to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_needs_command" -l user -d 'The kubeconfig user to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_needs_command" -s n -l namespace -d 'Namespace (else the context\'s, else default)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_needs_command" -l request-timeout -d 'Limit of one request (10s, 1m, seconds); 0 or unset: 30s, or the command\'s lower cap (scale: 10s)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_needs_command" -s s -l server -d 'The API server\'s address (https://host:port)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_needs_command" -l token -d 'Bearer token for the API server' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_needs_command" -l certificate-authority -d 'PEM file of the CA of the server\'s certificate' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_needs_command" -l client-certificate -d 'PEM file of a TLS client certificate' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_needs_command" -l client-key -d 'PEM file of the client certificate\'s key' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_needs_command" -l insecure-skip-tls-verify -d 'Do not verify the server\'s certificate (insecure)' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_needs_command" -l tls-server-name -d 'Verify the server\'s certificate for this name' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_needs_command" -l as -d 'User to impersonate' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_needs_command" -l as-group -d 'Group to impersonate (repeatable)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_needs_command" -l as-uid -d 'UID to impersonate' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_needs_command" -l cache-dir -d 'Accepted as in kubectl; the plugin caches nothing' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_needs_command" -l disable-compression -d 'Do not ask for compressed responses' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_needs_command" -s h -l help -d 'Print help'
complete -c kubectl-ome -n "__fish_kubectl_ome_needs_command" -s V -l version -d 'Print version'
complete -c kubectl-ome -n "__fish_kubectl_ome_needs_command" -f -a "admin" -d 'Administer and check the OME installation'
complete -c kubectl-ome -n "__fish_kubectl_ome_needs_command" -f -a "autoscale" -d 'Inspect autoscaling configuration and evidence'
complete -c kubectl-ome -n "__fish_kubectl_ome_needs_command" -f -a "instance" -d 'Inspect controller-reported logical instances'
complete -c kubectl-ome -n "__fish_kubectl_ome_needs_command" -f -a "migration" -d 'Inspect OMENative migrations'
complete -c kubectl-ome -n "__fish_kubectl_ome_needs_command" -f -a "rollout" -d 'Inspect InferenceService rollouts'
complete -c kubectl-ome -n "__fish_kubectl_ome_needs_command" -f -a "runtime" -d 'Inspect OME runtime selection and configuration'
complete -c kubectl-ome -n "__fish_kubectl_ome_needs_command" -f -a "scale" -d 'Guard a transient, positive replica request for an OMENative component (alpha)'
complete -c kubectl-ome -n "__fish_kubectl_ome_needs_command" -f -a "status" -d 'Show the full readiness story of an InferenceService'
complete -c kubectl-ome -n "__fish_kubectl_ome_needs_command" -f -a "logs" -d 'Stream logs from the pods behind an InferenceService'
complete -c kubectl-ome -n "__fish_kubectl_ome_needs_command" -f -a "version" -d 'Print the client, OME operator and Kubernetes server versions'
complete -c kubectl-ome -n "__fish_kubectl_ome_needs_command" -f -a "wait" -d 'Wait for reported service, replica, or runtime-sync state'
complete -c kubectl-ome -n "__fish_kubectl_ome_needs_command" -f -a "completion" -d 'Print a shell completion script (bash, zsh, fish, powershell), or install the completion entry for `kubectl ome <TAB>`'
complete -c kubectl-ome -n "__fish_kubectl_ome_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand admin; and not __fish_seen_subcommand_from doctor help" -l kubeconfig -d 'Kubeconfig file (else $KUBECONFIG, ~/.kube/config)' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand admin; and not __fish_seen_subcommand_from doctor help" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand admin; and not __fish_seen_subcommand_from doctor help" -l cluster -d 'The kubeconfig cluster to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand admin; and not __fish_seen_subcommand_from doctor help" -l user -d 'The kubeconfig user to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand admin; and not __fish_seen_subcommand_from doctor help" -s n -l namespace -d 'Namespace (else the context\'s, else default)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand admin; and not __fish_seen_subcommand_from doctor help" -l request-timeout -d 'Limit of one request (10s, 1m, seconds); 0 or unset: 30s, or the command\'s lower cap (scale: 10s)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand admin; and not __fish_seen_subcommand_from doctor help" -s s -l server -d 'The API server\'s address (https://host:port)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand admin; and not __fish_seen_subcommand_from doctor help" -l token -d 'Bearer token for the API server' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand admin; and not __fish_seen_subcommand_from doctor help" -l certificate-authority -d 'PEM file of the CA of the server\'s certificate' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand admin; and not __fish_seen_subcommand_from doctor help" -l client-certificate -d 'PEM file of a TLS client certificate' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand admin; and not __fish_seen_subcommand_from doctor help" -l client-key -d 'PEM file of the client certificate\'s key' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand admin; and not __fish_seen_subcommand_from doctor help" -l insecure-skip-tls-verify -d 'Do not verify the server\'s certificate (insecure)' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand admin; and not __fish_seen_subcommand_from doctor help" -l tls-server-name -d 'Verify the server\'s certificate for this name' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand admin; and not __fish_seen_subcommand_from doctor help" -l as -d 'User to impersonate' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand admin; and not __fish_seen_subcommand_from doctor help" -l as-group -d 'Group to impersonate (repeatable)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand admin; and not __fish_seen_subcommand_from doctor help" -l as-uid -d 'UID to impersonate' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand admin; and not __fish_seen_subcommand_from doctor help" -l cache-dir -d 'Accepted as in kubectl; the plugin caches nothing' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand admin; and not __fish_seen_subcommand_from doctor help" -l disable-compression -d 'Do not ask for compressed responses' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand admin; and not __fish_seen_subcommand_from doctor help" -s h -l help -d 'Print help'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand admin; and not __fish_seen_subcommand_from doctor help" -f -a "doctor" -d 'Inspect bounded current-context OME diagnostic evidence'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand admin; and not __fish_seen_subcommand_from doctor help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand admin; and __fish_seen_subcommand_from doctor" -s o -l output -d 'Output format: table, wide, json or yaml' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand admin; and __fish_seen_subcommand_from doctor" -l isvc -d 'Also read this InferenceService in the namespace' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand admin; and __fish_seen_subcommand_from doctor" -l component -d 'With --access --isvc: the component whose InferenceReplica the reviews name' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand admin; and __fish_seen_subcommand_from doctor" -l ome-namespace -d 'The namespace where the OME operator runs' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand admin; and __fish_seen_subcommand_from doctor" -l alfred-namespace -d 'The namespace of the Alfred configuration (the OME namespace by default)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand admin; and __fish_seen_subcommand_from doctor" -l alfred-config-name -d 'The name of the Alfred ConfigMap' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand admin; and __fish_seen_subcommand_from doctor" -l alfred-config-key -d 'The key of the Alfred configuration in its ConfigMap' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand admin; and __fish_seen_subcommand_from doctor" -l kubeconfig -d 'Kubeconfig file (else $KUBECONFIG, ~/.kube/config)' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand admin; and __fish_seen_subcommand_from doctor" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand admin; and __fish_seen_subcommand_from doctor" -l cluster -d 'The kubeconfig cluster to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand admin; and __fish_seen_subcommand_from doctor" -l user -d 'The kubeconfig user to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand admin; and __fish_seen_subcommand_from doctor" -s n -l namespace -d 'Namespace (else the context\'s, else default)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand admin; and __fish_seen_subcommand_from doctor" -l request-timeout -d 'Limit of one request (10s, 1m, seconds); 0 or unset: 30s, or the command\'s lower cap (scale: 10s)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand admin; and __fish_seen_subcommand_from doctor" -s s -l server -d 'The API server\'s address (https://host:port)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand admin; and __fish_seen_subcommand_from doctor" -l token -d 'Bearer token for the API server' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand admin; and __fish_seen_subcommand_from doctor" -l certificate-authority -d 'PEM file of the CA of the server\'s certificate' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand admin; and __fish_seen_subcommand_from doctor" -l client-certificate -d 'PEM file of a TLS client certificate' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand admin; and __fish_seen_subcommand_from doctor" -l client-key -d 'PEM file of the client certificate\'s key' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand admin; and __fish_seen_subcommand_from doctor" -l insecure-skip-tls-verify -d 'Do not verify the server\'s certificate (insecure)' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand admin; and __fish_seen_subcommand_from doctor" -l tls-server-name -d 'Verify the server\'s certificate for this name' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand admin; and __fish_seen_subcommand_from doctor" -l as -d 'User to impersonate' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand admin; and __fish_seen_subcommand_from doctor" -l as-group -d 'Group to impersonate (repeatable)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand admin; and __fish_seen_subcommand_from doctor" -l as-uid -d 'UID to impersonate' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand admin; and __fish_seen_subcommand_from doctor" -l cache-dir -d 'Accepted as in kubectl; the plugin caches nothing' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand admin; and __fish_seen_subcommand_from doctor" -l disable-compression -d 'Do not ask for compressed responses' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand admin; and __fish_seen_subcommand_from doctor" -l access -d 'Also ask whether this identity may read and scale (SelfSubjectAccessReviews)'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand admin; and __fish_seen_subcommand_from doctor" -s h -l help -d 'Print help'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand admin; and __fish_seen_subcommand_from help" -f -a "doctor" -d 'Inspect bounded current-context OME diagnostic evidence'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand admin; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and not __fish_seen_subcommand_from status explain help" -l kubeconfig -d 'Kubeconfig file (else $KUBECONFIG, ~/.kube/config)' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and not __fish_seen_subcommand_from status explain help" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and not __fish_seen_subcommand_from status explain help" -l cluster -d 'The kubeconfig cluster to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and not __fish_seen_subcommand_from status explain help" -l user -d 'The kubeconfig user to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and not __fish_seen_subcommand_from status explain help" -s n -l namespace -d 'Namespace (else the context\'s, else default)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and not __fish_seen_subcommand_from status explain help" -l request-timeout -d 'Limit of one request (10s, 1m, seconds); 0 or unset: 30s, or the command\'s lower cap (scale: 10s)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and not __fish_seen_subcommand_from status explain help" -s s -l server -d 'The API server\'s address (https://host:port)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and not __fish_seen_subcommand_from status explain help" -l token -d 'Bearer token for the API server' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and not __fish_seen_subcommand_from status explain help" -l certificate-authority -d 'PEM file of the CA of the server\'s certificate' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and not __fish_seen_subcommand_from status explain help" -l client-certificate -d 'PEM file of a TLS client certificate' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and not __fish_seen_subcommand_from status explain help" -l client-key -d 'PEM file of the client certificate\'s key' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and not __fish_seen_subcommand_from status explain help" -l insecure-skip-tls-verify -d 'Do not verify the server\'s certificate (insecure)' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and not __fish_seen_subcommand_from status explain help" -l tls-server-name -d 'Verify the server\'s certificate for this name' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and not __fish_seen_subcommand_from status explain help" -l as -d 'User to impersonate' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and not __fish_seen_subcommand_from status explain help" -l as-group -d 'Group to impersonate (repeatable)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and not __fish_seen_subcommand_from status explain help" -l as-uid -d 'UID to impersonate' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and not __fish_seen_subcommand_from status explain help" -l cache-dir -d 'Accepted as in kubectl; the plugin caches nothing' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and not __fish_seen_subcommand_from status explain help" -l disable-compression -d 'Do not ask for compressed responses' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and not __fish_seen_subcommand_from status explain help" -s h -l help -d 'Print help'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and not __fish_seen_subcommand_from status explain help" -f -a "status" -d 'Show controller-reported autoscaling status'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and not __fish_seen_subcommand_from status explain help" -f -a "explain" -d 'Explain effective and reported autoscaling'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and not __fish_seen_subcommand_from status explain help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and __fish_seen_subcommand_from status" -s o -l output -d 'Output format: table, wide, json or yaml' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and __fish_seen_subcommand_from status" -l kubeconfig -d 'Kubeconfig file (else $KUBECONFIG, ~/.kube/config)' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and __fish_seen_subcommand_from status" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and __fish_seen_subcommand_from status" -l cluster -d 'The kubeconfig cluster to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and __fish_seen_subcommand_from status" -l user -d 'The kubeconfig user to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and __fish_seen_subcommand_from status" -s n -l namespace -d 'Namespace (else the context\'s, else default)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and __fish_seen_subcommand_from status" -l request-timeout -d 'Limit of one request (10s, 1m, seconds); 0 or unset: 30s, or the command\'s lower cap (scale: 10s)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and __fish_seen_subcommand_from status" -s s -l server -d 'The API server\'s address (https://host:port)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and __fish_seen_subcommand_from status" -l token -d 'Bearer token for the API server' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and __fish_seen_subcommand_from status" -l certificate-authority -d 'PEM file of the CA of the server\'s certificate' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and __fish_seen_subcommand_from status" -l client-certificate -d 'PEM file of a TLS client certificate' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and __fish_seen_subcommand_from status" -l client-key -d 'PEM file of the client certificate\'s key' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and __fish_seen_subcommand_from status" -l insecure-skip-tls-verify -d 'Do not verify the server\'s certificate (insecure)' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and __fish_seen_subcommand_from status" -l tls-server-name -d 'Verify the server\'s certificate for this name' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and __fish_seen_subcommand_from status" -l as -d 'User to impersonate' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and __fish_seen_subcommand_from status" -l as-group -d 'Group to impersonate (repeatable)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and __fish_seen_subcommand_from status" -l as-uid -d 'UID to impersonate' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and __fish_seen_subcommand_from status" -l cache-dir -d 'Accepted as in kubectl; the plugin caches nothing' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and __fish_seen_subcommand_from status" -l disable-compression -d 'Do not ask for compressed responses' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and __fish_seen_subcommand_from status" -l live-scale -d 'Also read the selected InferenceReplica and its /scale'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and __fish_seen_subcommand_from status" -l live-scaler -d 'Also read the OME-managed HPA or KEDA ScaledObject'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and __fish_seen_subcommand_from status" -s h -l help -d 'Print help'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and __fish_seen_subcommand_from explain" -s o -l output -d 'Output format: table, json or yaml' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and __fish_seen_subcommand_from explain" -l ome-namespace -d 'The namespace where OME keeps runtime ControllerRevisions' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and __fish_seen_subcommand_from explain" -l kubeconfig -d 'Kubeconfig file (else $KUBECONFIG, ~/.kube/config)' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and __fish_seen_subcommand_from explain" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and __fish_seen_subcommand_from explain" -l cluster -d 'The kubeconfig cluster to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and __fish_seen_subcommand_from explain" -l user -d 'The kubeconfig user to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and __fish_seen_subcommand_from explain" -s n -l namespace -d 'Namespace (else the context\'s, else default)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and __fish_seen_subcommand_from explain" -l request-timeout -d 'Limit of one request (10s, 1m, seconds); 0 or unset: 30s, or the command\'s lower cap (scale: 10s)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and __fish_seen_subcommand_from explain" -s s -l server -d 'The API server\'s address (https://host:port)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and __fish_seen_subcommand_from explain" -l token -d 'Bearer token for the API server' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and __fish_seen_subcommand_from explain" -l certificate-authority -d 'PEM file of the CA of the server\'s certificate' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and __fish_seen_subcommand_from explain" -l client-certificate -d 'PEM file of a TLS client certificate' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and __fish_seen_subcommand_from explain" -l client-key -d 'PEM file of the client certificate\'s key' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and __fish_seen_subcommand_from explain" -l insecure-skip-tls-verify -d 'Do not verify the server\'s certificate (insecure)' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and __fish_seen_subcommand_from explain" -l tls-server-name -d 'Verify the server\'s certificate for this name' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and __fish_seen_subcommand_from explain" -l as -d 'User to impersonate' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and __fish_seen_subcommand_from explain" -l as-group -d 'Group to impersonate (repeatable)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and __fish_seen_subcommand_from explain" -l as-uid -d 'UID to impersonate' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and __fish_seen_subcommand_from explain" -l cache-dir -d 'Accepted as in kubectl; the plugin caches nothing' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and __fish_seen_subcommand_from explain" -l disable-compression -d 'Do not ask for compressed responses' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and __fish_seen_subcommand_from explain" -s h -l help -d 'Print help'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and __fish_seen_subcommand_from help" -f -a "status" -d 'Show controller-reported autoscaling status'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and __fish_seen_subcommand_from help" -f -a "explain" -d 'Explain effective and reported autoscaling'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand autoscale; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and not __fish_seen_subcommand_from list status retry-blocks release-held help" -l kubeconfig -d 'Kubeconfig file (else $KUBECONFIG, ~/.kube/config)' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and not __fish_seen_subcommand_from list status retry-blocks release-held help" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and not __fish_seen_subcommand_from list status retry-blocks release-held help" -l cluster -d 'The kubeconfig cluster to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and not __fish_seen_subcommand_from list status retry-blocks release-held help" -l user -d 'The kubeconfig user to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and not __fish_seen_subcommand_from list status retry-blocks release-held help" -s n -l namespace -d 'Namespace (else the context\'s, else default)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and not __fish_seen_subcommand_from list status retry-blocks release-held help" -l request-timeout -d 'Limit of one request (10s, 1m, seconds); 0 or unset: 30s, or the command\'s lower cap (scale: 10s)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and not __fish_seen_subcommand_from list status retry-blocks release-held help" -s s -l server -d 'The API server\'s address (https://host:port)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and not __fish_seen_subcommand_from list status retry-blocks release-held help" -l token -d 'Bearer token for the API server' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and not __fish_seen_subcommand_from list status retry-blocks release-held help" -l certificate-authority -d 'PEM file of the CA of the server\'s certificate' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and not __fish_seen_subcommand_from list status retry-blocks release-held help" -l client-certificate -d 'PEM file of a TLS client certificate' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and not __fish_seen_subcommand_from list status retry-blocks release-held help" -l client-key -d 'PEM file of the client certificate\'s key' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and not __fish_seen_subcommand_from list status retry-blocks release-held help" -l insecure-skip-tls-verify -d 'Do not verify the server\'s certificate (insecure)' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and not __fish_seen_subcommand_from list status retry-blocks release-held help" -l tls-server-name -d 'Verify the server\'s certificate for this name' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and not __fish_seen_subcommand_from list status retry-blocks release-held help" -l as -d 'User to impersonate' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and not __fish_seen_subcommand_from list status retry-blocks release-held help" -l as-group -d 'Group to impersonate (repeatable)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and not __fish_seen_subcommand_from list status retry-blocks release-held help" -l as-uid -d 'UID to impersonate' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and not __fish_seen_subcommand_from list status retry-blocks release-held help" -l cache-dir -d 'Accepted as in kubectl; the plugin caches nothing' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and not __fish_seen_subcommand_from list status retry-blocks release-held help" -l disable-compression -d 'Do not ask for compressed responses' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and not __fish_seen_subcommand_from list status retry-blocks release-held help" -s h -l help -d 'Print help'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and not __fish_seen_subcommand_from list status retry-blocks release-held help" -f -a "list" -d 'List controller-reported logical instances'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and not __fish_seen_subcommand_from list status retry-blocks release-held help" -f -a "status" -d 'Show one logical instance and bounded live evidence'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and not __fish_seen_subcommand_from list status retry-blocks release-held help" -f -a "retry-blocks" -d 'Show controller-reported retry authority'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and not __fish_seen_subcommand_from list status retry-blocks release-held help" -f -a "release-held" -d 'Alpha: request release of one exact Held revision'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and not __fish_seen_subcommand_from list status retry-blocks release-held help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from list" -s o -l output -d 'Output format: table, json or yaml' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from list" -l kubeconfig -d 'Kubeconfig file (else $KUBECONFIG, ~/.kube/config)' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from list" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from list" -l cluster -d 'The kubeconfig cluster to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from list" -l user -d 'The kubeconfig user to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from list" -s n -l namespace -d 'Namespace (else the context\'s, else default)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from list" -l request-timeout -d 'Limit of one request (10s, 1m, seconds); 0 or unset: 30s, or the command\'s lower cap (scale: 10s)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from list" -s s -l server -d 'The API server\'s address (https://host:port)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from list" -l token -d 'Bearer token for the API server' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from list" -l certificate-authority -d 'PEM file of the CA of the server\'s certificate' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from list" -l client-certificate -d 'PEM file of a TLS client certificate' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from list" -l client-key -d 'PEM file of the client certificate\'s key' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from list" -l insecure-skip-tls-verify -d 'Do not verify the server\'s certificate (insecure)' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from list" -l tls-server-name -d 'Verify the server\'s certificate for this name' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from list" -l as -d 'User to impersonate' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from list" -l as-group -d 'Group to impersonate (repeatable)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from list" -l as-uid -d 'UID to impersonate' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from list" -l cache-dir -d 'Accepted as in kubectl; the plugin caches nothing' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from list" -l disable-compression -d 'Do not ask for compressed responses' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from status" -l component -d 'The component: engine, decoder or router (required)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from status" -s o -l output -d 'Output format: table, wide, json or yaml' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from status" -l ome-namespace -d 'The namespace where OME keeps runtime ControllerRevisions' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from status" -l kubeconfig -d 'Kubeconfig file (else $KUBECONFIG, ~/.kube/config)' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from status" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from status" -l cluster -d 'The kubeconfig cluster to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from status" -l user -d 'The kubeconfig user to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from status" -s n -l namespace -d 'Namespace (else the context\'s, else default)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from status" -l request-timeout -d 'Limit of one request (10s, 1m, seconds); 0 or unset: 30s, or the command\'s lower cap (scale: 10s)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from status" -s s -l server -d 'The API server\'s address (https://host:port)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from status" -l token -d 'Bearer token for the API server' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from status" -l certificate-authority -d 'PEM file of the CA of the server\'s certificate' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from status" -l client-certificate -d 'PEM file of a TLS client certificate' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from status" -l client-key -d 'PEM file of the client certificate\'s key' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from status" -l insecure-skip-tls-verify -d 'Do not verify the server\'s certificate (insecure)' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from status" -l tls-server-name -d 'Verify the server\'s certificate for this name' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from status" -l as -d 'User to impersonate' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from status" -l as-group -d 'Group to impersonate (repeatable)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from status" -l as-uid -d 'UID to impersonate' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from status" -l cache-dir -d 'Accepted as in kubectl; the plugin caches nothing' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from status" -l disable-compression -d 'Do not ask for compressed responses' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from status" -s h -l help -d 'Print help'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from retry-blocks" -l component -d 'The component: engine, decoder or router (required)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from retry-blocks" -s o -l output -d 'Output format: table, json or yaml' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from retry-blocks" -l kubeconfig -d 'Kubeconfig file (else $KUBECONFIG, ~/.kube/config)' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from retry-blocks" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from retry-blocks" -l cluster -d 'The kubeconfig cluster to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from retry-blocks" -l user -d 'The kubeconfig user to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from retry-blocks" -s n -l namespace -d 'Namespace (else the context\'s, else default)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from retry-blocks" -l request-timeout -d 'Limit of one request (10s, 1m, seconds); 0 or unset: 30s, or the command\'s lower cap (scale: 10s)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from retry-blocks" -s s -l server -d 'The API server\'s address (https://host:port)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from retry-blocks" -l token -d 'Bearer token for the API server' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from retry-blocks" -l certificate-authority -d 'PEM file of the CA of the server\'s certificate' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from retry-blocks" -l client-certificate -d 'PEM file of a TLS client certificate' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from retry-blocks" -l client-key -d 'PEM file of the client certificate\'s key' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from retry-blocks" -l insecure-skip-tls-verify -d 'Do not verify the server\'s certificate (insecure)' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from retry-blocks" -l tls-server-name -d 'Verify the server\'s certificate for this name' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from retry-blocks" -l as -d 'User to impersonate' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from retry-blocks" -l as-group -d 'Group to impersonate (repeatable)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from retry-blocks" -l as-uid -d 'UID to impersonate' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from retry-blocks" -l cache-dir -d 'Accepted as in kubectl; the plugin caches nothing' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from retry-blocks" -l disable-compression -d 'Do not ask for compressed responses' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from retry-blocks" -s h -l help -d 'Print help'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from release-held" -l component -d 'The component: engine, decoder or router (required)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from release-held" -l revision -d 'The Held revision: its full name or its 8 hex (required)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from release-held" -l yes -d 'Confirm the request without a prompt (required)' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from release-held" -l dry-run -d 'none; client (nothing is sent); server (checked, not stored)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from release-held" -s o -l output -d 'Output format: table, wide, json or yaml' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from release-held" -l ome-namespace -d 'Namespace of OME\'s runtime ControllerRevisions' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from release-held" -l kubeconfig -d 'Kubeconfig file (else $KUBECONFIG, ~/.kube/config)' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from release-held" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from release-held" -l cluster -d 'The kubeconfig cluster to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from release-held" -l user -d 'The kubeconfig user to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from release-held" -s n -l namespace -d 'Namespace (else the context\'s, else default)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from release-held" -l request-timeout -d 'Limit of one request (10s, 1m, seconds); 0 or unset: 30s, or the command\'s lower cap (scale: 10s)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from release-held" -s s -l server -d 'The API server\'s address (https://host:port)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from release-held" -l token -d 'Bearer token for the API server' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from release-held" -l certificate-authority -d 'PEM file of the CA of the server\'s certificate' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from release-held" -l client-certificate -d 'PEM file of a TLS client certificate' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from release-held" -l client-key -d 'PEM file of the client certificate\'s key' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from release-held" -l insecure-skip-tls-verify -d 'Do not verify the server\'s certificate (insecure)' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from release-held" -l tls-server-name -d 'Verify the server\'s certificate for this name' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from release-held" -l as -d 'User to impersonate' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from release-held" -l as-group -d 'Group to impersonate (repeatable)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from release-held" -l as-uid -d 'UID to impersonate' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from release-held" -l cache-dir -d 'Accepted as in kubectl; the plugin caches nothing' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from release-held" -l disable-compression -d 'Do not ask for compressed responses' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from release-held" -s h -l help -d 'Print help'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from help" -f -a "list" -d 'List controller-reported logical instances'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from help" -f -a "status" -d 'Show one logical instance and bounded live evidence'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from help" -f -a "retry-blocks" -d 'Show controller-reported retry authority'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from help" -f -a "release-held" -d 'Alpha: request release of one exact Held revision'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand instance; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and not __fish_seen_subcommand_from status help" -l kubeconfig -d 'Kubeconfig file (else $KUBECONFIG, ~/.kube/config)' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and not __fish_seen_subcommand_from status help" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and not __fish_seen_subcommand_from status help" -l cluster -d 'The kubeconfig cluster to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and not __fish_seen_subcommand_from status help" -l user -d 'The kubeconfig user to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and not __fish_seen_subcommand_from status help" -s n -l namespace -d 'Namespace (else the context\'s, else default)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and not __fish_seen_subcommand_from status help" -l request-timeout -d 'Limit of one request (10s, 1m, seconds); 0 or unset: 30s, or the command\'s lower cap (scale: 10s)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and not __fish_seen_subcommand_from status help" -s s -l server -d 'The API server\'s address (https://host:port)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and not __fish_seen_subcommand_from status help" -l token -d 'Bearer token for the API server' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and not __fish_seen_subcommand_from status help" -l certificate-authority -d 'PEM file of the CA of the server\'s certificate' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and not __fish_seen_subcommand_from status help" -l client-certificate -d 'PEM file of a TLS client certificate' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and not __fish_seen_subcommand_from status help" -l client-key -d 'PEM file of the client certificate\'s key' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and not __fish_seen_subcommand_from status help" -l insecure-skip-tls-verify -d 'Do not verify the server\'s certificate (insecure)' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and not __fish_seen_subcommand_from status help" -l tls-server-name -d 'Verify the server\'s certificate for this name' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and not __fish_seen_subcommand_from status help" -l as -d 'User to impersonate' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and not __fish_seen_subcommand_from status help" -l as-group -d 'Group to impersonate (repeatable)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and not __fish_seen_subcommand_from status help" -l as-uid -d 'UID to impersonate' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and not __fish_seen_subcommand_from status help" -l cache-dir -d 'Accepted as in kubectl; the plugin caches nothing' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and not __fish_seen_subcommand_from status help" -l disable-compression -d 'Do not ask for compressed responses' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and not __fish_seen_subcommand_from status help" -s h -l help -d 'Print help'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and not __fish_seen_subcommand_from status help" -f -a "status" -d 'Show live InferenceReplica migration status'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and not __fish_seen_subcommand_from status help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and __fish_seen_subcommand_from status" -l component -d 'Only this component: engine, decoder or router' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and __fish_seen_subcommand_from status" -s o -l output -d 'Output format: table, json or yaml' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and __fish_seen_subcommand_from status" -l kubeconfig -d 'Kubeconfig file (else $KUBECONFIG, ~/.kube/config)' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and __fish_seen_subcommand_from status" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and __fish_seen_subcommand_from status" -l cluster -d 'The kubeconfig cluster to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and __fish_seen_subcommand_from status" -l user -d 'The kubeconfig user to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and __fish_seen_subcommand_from status" -s n -l namespace -d 'Namespace (else the context\'s, else default)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and __fish_seen_subcommand_from status" -l request-timeout -d 'Limit of one request (10s, 1m, seconds); 0 or unset: 30s, or the command\'s lower cap (scale: 10s)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and __fish_seen_subcommand_from status" -s s -l server -d 'The API server\'s address (https://host:port)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and __fish_seen_subcommand_from status" -l token -d 'Bearer token for the API server' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and __fish_seen_subcommand_from status" -l certificate-authority -d 'PEM file of the CA of the server\'s certificate' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and __fish_seen_subcommand_from status" -l client-certificate -d 'PEM file of a TLS client certificate' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and __fish_seen_subcommand_from status" -l client-key -d 'PEM file of the client certificate\'s key' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and __fish_seen_subcommand_from status" -l insecure-skip-tls-verify -d 'Do not verify the server\'s certificate (insecure)' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and __fish_seen_subcommand_from status" -l tls-server-name -d 'Verify the server\'s certificate for this name' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and __fish_seen_subcommand_from status" -l as -d 'User to impersonate' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and __fish_seen_subcommand_from status" -l as-group -d 'Group to impersonate (repeatable)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and __fish_seen_subcommand_from status" -l as-uid -d 'UID to impersonate' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and __fish_seen_subcommand_from status" -l cache-dir -d 'Accepted as in kubectl; the plugin caches nothing' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and __fish_seen_subcommand_from status" -l disable-compression -d 'Do not ask for compressed responses' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and __fish_seen_subcommand_from status" -s h -l help -d 'Print help'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and __fish_seen_subcommand_from help" -f -a "status" -d 'Show live InferenceReplica migration status'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand migration; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and not __fish_seen_subcommand_from status explain pause resume help" -l kubeconfig -d 'Kubeconfig file (else $KUBECONFIG, ~/.kube/config)' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and not __fish_seen_subcommand_from status explain pause resume help" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and not __fish_seen_subcommand_from status explain pause resume help" -l cluster -d 'The kubeconfig cluster to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and not __fish_seen_subcommand_from status explain pause resume help" -l user -d 'The kubeconfig user to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and not __fish_seen_subcommand_from status explain pause resume help" -s n -l namespace -d 'Namespace (else the context\'s, else default)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and not __fish_seen_subcommand_from status explain pause resume help" -l request-timeout -d 'Limit of one request (10s, 1m, seconds); 0 or unset: 30s, or the command\'s lower cap (scale: 10s)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and not __fish_seen_subcommand_from status explain pause resume help" -s s -l server -d 'The API server\'s address (https://host:port)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and not __fish_seen_subcommand_from status explain pause resume help" -l token -d 'Bearer token for the API server' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and not __fish_seen_subcommand_from status explain pause resume help" -l certificate-authority -d 'PEM file of the CA of the server\'s certificate' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and not __fish_seen_subcommand_from status explain pause resume help" -l client-certificate -d 'PEM file of a TLS client certificate' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and not __fish_seen_subcommand_from status explain pause resume help" -l client-key -d 'PEM file of the client certificate\'s key' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and not __fish_seen_subcommand_from status explain pause resume help" -l insecure-skip-tls-verify -d 'Do not verify the server\'s certificate (insecure)' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and not __fish_seen_subcommand_from status explain pause resume help" -l tls-server-name -d 'Verify the server\'s certificate for this name' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and not __fish_seen_subcommand_from status explain pause resume help" -l as -d 'User to impersonate' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and not __fish_seen_subcommand_from status explain pause resume help" -l as-group -d 'Group to impersonate (repeatable)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and not __fish_seen_subcommand_from status explain pause resume help" -l as-uid -d 'UID to impersonate' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and not __fish_seen_subcommand_from status explain pause resume help" -l cache-dir -d 'Accepted as in kubectl; the plugin caches nothing' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and not __fish_seen_subcommand_from status explain pause resume help" -l disable-compression -d 'Do not ask for compressed responses' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and not __fish_seen_subcommand_from status explain pause resume help" -s h -l help -d 'Print help'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and not __fish_seen_subcommand_from status explain pause resume help" -f -a "status" -d 'Show rollout progress for an InferenceService'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and not __fish_seen_subcommand_from status explain pause resume help" -f -a "explain" -d 'Explain rollout intent, effective plan, and observed progress'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and not __fish_seen_subcommand_from status explain pause resume help" -f -a "pause" -d 'Alpha: guarded service-wide rollout pause'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and not __fish_seen_subcommand_from status explain pause resume help" -f -a "resume" -d 'Alpha: guarded service-wide rollout resume'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and not __fish_seen_subcommand_from status explain pause resume help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from status" -s o -l output -d 'Output format: table, wide, json or yaml' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from status" -l kubeconfig -d 'Kubeconfig file (else $KUBECONFIG, ~/.kube/config)' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from status" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from status" -l cluster -d 'The kubeconfig cluster to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from status" -l user -d 'The kubeconfig user to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from status" -s n -l namespace -d 'Namespace (else the context\'s, else default)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from status" -l request-timeout -d 'Limit of one request (10s, 1m, seconds); 0 or unset: 30s, or the command\'s lower cap (scale: 10s)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from status" -s s -l server -d 'The API server\'s address (https://host:port)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from status" -l token -d 'Bearer token for the API server' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from status" -l certificate-authority -d 'PEM file of the CA of the server\'s certificate' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from status" -l client-certificate -d 'PEM file of a TLS client certificate' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from status" -l client-key -d 'PEM file of the client certificate\'s key' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from status" -l insecure-skip-tls-verify -d 'Do not verify the server\'s certificate (insecure)' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from status" -l tls-server-name -d 'Verify the server\'s certificate for this name' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from status" -l as -d 'User to impersonate' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from status" -l as-group -d 'Group to impersonate (repeatable)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from status" -l as-uid -d 'UID to impersonate' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from status" -l cache-dir -d 'Accepted as in kubectl; the plugin caches nothing' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from status" -l disable-compression -d 'Do not ask for compressed responses' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from status" -s h -l help -d 'Print help'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from explain" -s o -l output -d 'Output format: table, wide, json or yaml' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from explain" -l kubeconfig -d 'Kubeconfig file (else $KUBECONFIG, ~/.kube/config)' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from explain" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from explain" -l cluster -d 'The kubeconfig cluster to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from explain" -l user -d 'The kubeconfig user to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from explain" -s n -l namespace -d 'Namespace (else the context\'s, else default)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from explain" -l request-timeout -d 'Limit of one request (10s, 1m, seconds); 0 or unset: 30s, or the command\'s lower cap (scale: 10s)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from explain" -s s -l server -d 'The API server\'s address (https://host:port)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from explain" -l token -d 'Bearer token for the API server' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from explain" -l certificate-authority -d 'PEM file of the CA of the server\'s certificate' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from explain" -l client-certificate -d 'PEM file of a TLS client certificate' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from explain" -l client-key -d 'PEM file of the client certificate\'s key' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from explain" -l insecure-skip-tls-verify -d 'Do not verify the server\'s certificate (insecure)' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from explain" -l tls-server-name -d 'Verify the server\'s certificate for this name' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from explain" -l as -d 'User to impersonate' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from explain" -l as-group -d 'Group to impersonate (repeatable)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from explain" -l as-uid -d 'UID to impersonate' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from explain" -l cache-dir -d 'Accepted as in kubectl; the plugin caches nothing' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from explain" -l disable-compression -d 'Do not ask for compressed responses' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from explain" -s h -l help -d 'Print help'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from pause" -l yes -d 'Confirm the request without a prompt (required)' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from pause" -l dry-run -d 'none; client (nothing is sent); server (checked, not stored)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from pause" -s o -l output -d 'Output format: table, wide, json or yaml' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from pause" -l ome-namespace -d 'Namespace of OME\'s runtime ControllerRevisions' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from pause" -l kubeconfig -d 'Kubeconfig file (else $KUBECONFIG, ~/.kube/config)' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from pause" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from pause" -l cluster -d 'The kubeconfig cluster to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from pause" -l user -d 'The kubeconfig user to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from pause" -s n -l namespace -d 'Namespace (else the context\'s, else default)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from pause" -l request-timeout -d 'Limit of one request (10s, 1m, seconds); 0 or unset: 30s, or the command\'s lower cap (scale: 10s)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from pause" -s s -l server -d 'The API server\'s address (https://host:port)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from pause" -l token -d 'Bearer token for the API server' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from pause" -l certificate-authority -d 'PEM file of the CA of the server\'s certificate' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from pause" -l client-certificate -d 'PEM file of a TLS client certificate' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from pause" -l client-key -d 'PEM file of the client certificate\'s key' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from pause" -l insecure-skip-tls-verify -d 'Do not verify the server\'s certificate (insecure)' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from pause" -l tls-server-name -d 'Verify the server\'s certificate for this name' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from pause" -l as -d 'User to impersonate' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from pause" -l as-group -d 'Group to impersonate (repeatable)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from pause" -l as-uid -d 'UID to impersonate' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from pause" -l cache-dir -d 'Accepted as in kubectl; the plugin caches nothing' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from pause" -l disable-compression -d 'Do not ask for compressed responses' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from pause" -s h -l help -d 'Print help'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from resume" -l discard-pending-actions -d 'Remove a present promote or rollback mailbox in the same write (requires --yes)' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from resume" -l yes -d 'Confirm the request without a prompt (required)' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from resume" -l dry-run -d 'none; client (nothing is sent); server (checked, not stored)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from resume" -s o -l output -d 'Output format: table, wide, json or yaml' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from resume" -l ome-namespace -d 'Namespace of OME\'s runtime ControllerRevisions' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from resume" -l kubeconfig -d 'Kubeconfig file (else $KUBECONFIG, ~/.kube/config)' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from resume" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from resume" -l cluster -d 'The kubeconfig cluster to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from resume" -l user -d 'The kubeconfig user to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from resume" -s n -l namespace -d 'Namespace (else the context\'s, else default)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from resume" -l request-timeout -d 'Limit of one request (10s, 1m, seconds); 0 or unset: 30s, or the command\'s lower cap (scale: 10s)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from resume" -s s -l server -d 'The API server\'s address (https://host:port)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from resume" -l token -d 'Bearer token for the API server' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from resume" -l certificate-authority -d 'PEM file of the CA of the server\'s certificate' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from resume" -l client-certificate -d 'PEM file of a TLS client certificate' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from resume" -l client-key -d 'PEM file of the client certificate\'s key' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from resume" -l insecure-skip-tls-verify -d 'Do not verify the server\'s certificate (insecure)' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from resume" -l tls-server-name -d 'Verify the server\'s certificate for this name' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from resume" -l as -d 'User to impersonate' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from resume" -l as-group -d 'Group to impersonate (repeatable)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from resume" -l as-uid -d 'UID to impersonate' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from resume" -l cache-dir -d 'Accepted as in kubectl; the plugin caches nothing' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from resume" -l disable-compression -d 'Do not ask for compressed responses' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from resume" -s h -l help -d 'Print help'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from help" -f -a "status" -d 'Show rollout progress for an InferenceService'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from help" -f -a "explain" -d 'Explain rollout intent, effective plan, and observed progress'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from help" -f -a "pause" -d 'Alpha: guarded service-wide rollout pause'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from help" -f -a "resume" -d 'Alpha: guarded service-wide rollout resume'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand rollout; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and not __fish_seen_subcommand_from effective explain help" -l kubeconfig -d 'Kubeconfig file (else $KUBECONFIG, ~/.kube/config)' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and not __fish_seen_subcommand_from effective explain help" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and not __fish_seen_subcommand_from effective explain help" -l cluster -d 'The kubeconfig cluster to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and not __fish_seen_subcommand_from effective explain help" -l user -d 'The kubeconfig user to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and not __fish_seen_subcommand_from effective explain help" -s n -l namespace -d 'Namespace (else the context\'s, else default)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and not __fish_seen_subcommand_from effective explain help" -l request-timeout -d 'Limit of one request (10s, 1m, seconds); 0 or unset: 30s, or the command\'s lower cap (scale: 10s)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and not __fish_seen_subcommand_from effective explain help" -s s -l server -d 'The API server\'s address (https://host:port)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and not __fish_seen_subcommand_from effective explain help" -l token -d 'Bearer token for the API server' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and not __fish_seen_subcommand_from effective explain help" -l certificate-authority -d 'PEM file of the CA of the server\'s certificate' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and not __fish_seen_subcommand_from effective explain help" -l client-certificate -d 'PEM file of a TLS client certificate' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and not __fish_seen_subcommand_from effective explain help" -l client-key -d 'PEM file of the client certificate\'s key' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and not __fish_seen_subcommand_from effective explain help" -l insecure-skip-tls-verify -d 'Do not verify the server\'s certificate (insecure)' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and not __fish_seen_subcommand_from effective explain help" -l tls-server-name -d 'Verify the server\'s certificate for this name' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and not __fish_seen_subcommand_from effective explain help" -l as -d 'User to impersonate' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and not __fish_seen_subcommand_from effective explain help" -l as-group -d 'Group to impersonate (repeatable)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and not __fish_seen_subcommand_from effective explain help" -l as-uid -d 'UID to impersonate' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and not __fish_seen_subcommand_from effective explain help" -l cache-dir -d 'Accepted as in kubectl; the plugin caches nothing' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and not __fish_seen_subcommand_from effective explain help" -l disable-compression -d 'Do not ask for compressed responses' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and not __fish_seen_subcommand_from effective explain help" -s h -l help -d 'Print help'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and not __fish_seen_subcommand_from effective explain help" -f -a "effective" -d 'Show effective runtime evidence for an InferenceService'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and not __fish_seen_subcommand_from effective explain help" -f -a "explain" -d 'Explain which serving runtimes match a model and why'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and not __fish_seen_subcommand_from effective explain help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and __fish_seen_subcommand_from effective" -s o -l output -d 'Output format: table, wide, json or yaml' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and __fish_seen_subcommand_from effective" -l ome-namespace -d 'The namespace where OME keeps runtime ControllerRevisions' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and __fish_seen_subcommand_from effective" -l kubeconfig -d 'Kubeconfig file (else $KUBECONFIG, ~/.kube/config)' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and __fish_seen_subcommand_from effective" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and __fish_seen_subcommand_from effective" -l cluster -d 'The kubeconfig cluster to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and __fish_seen_subcommand_from effective" -l user -d 'The kubeconfig user to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and __fish_seen_subcommand_from effective" -s n -l namespace -d 'Namespace (else the context\'s, else default)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and __fish_seen_subcommand_from effective" -l request-timeout -d 'Limit of one request (10s, 1m, seconds); 0 or unset: 30s, or the command\'s lower cap (scale: 10s)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and __fish_seen_subcommand_from effective" -s s -l server -d 'The API server\'s address (https://host:port)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and __fish_seen_subcommand_from effective" -l token -d 'Bearer token for the API server' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and __fish_seen_subcommand_from effective" -l certificate-authority -d 'PEM file of the CA of the server\'s certificate' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and __fish_seen_subcommand_from effective" -l client-certificate -d 'PEM file of a TLS client certificate' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and __fish_seen_subcommand_from effective" -l client-key -d 'PEM file of the client certificate\'s key' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and __fish_seen_subcommand_from effective" -l insecure-skip-tls-verify -d 'Do not verify the server\'s certificate (insecure)' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and __fish_seen_subcommand_from effective" -l tls-server-name -d 'Verify the server\'s certificate for this name' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and __fish_seen_subcommand_from effective" -l as -d 'User to impersonate' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and __fish_seen_subcommand_from effective" -l as-group -d 'Group to impersonate (repeatable)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and __fish_seen_subcommand_from effective" -l as-uid -d 'UID to impersonate' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and __fish_seen_subcommand_from effective" -l cache-dir -d 'Accepted as in kubectl; the plugin caches nothing' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and __fish_seen_subcommand_from effective" -l disable-compression -d 'Do not ask for compressed responses' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and __fish_seen_subcommand_from effective" -s h -l help -d 'Print help'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and __fish_seen_subcommand_from explain" -l model -d 'A BaseModel in the namespace, else the ClusterBaseModel of that name' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and __fish_seen_subcommand_from explain" -l isvc -d 'An InferenceService: its model, accelerator classes and deployment modes' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and __fish_seen_subcommand_from explain" -l kubeconfig -d 'Kubeconfig file (else $KUBECONFIG, ~/.kube/config)' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and __fish_seen_subcommand_from explain" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and __fish_seen_subcommand_from explain" -l cluster -d 'The kubeconfig cluster to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and __fish_seen_subcommand_from explain" -l user -d 'The kubeconfig user to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and __fish_seen_subcommand_from explain" -s n -l namespace -d 'Namespace (else the context\'s, else default)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and __fish_seen_subcommand_from explain" -l request-timeout -d 'Limit of one request (10s, 1m, seconds); 0 or unset: 30s, or the command\'s lower cap (scale: 10s)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and __fish_seen_subcommand_from explain" -s s -l server -d 'The API server\'s address (https://host:port)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and __fish_seen_subcommand_from explain" -l token -d 'Bearer token for the API server' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and __fish_seen_subcommand_from explain" -l certificate-authority -d 'PEM file of the CA of the server\'s certificate' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and __fish_seen_subcommand_from explain" -l client-certificate -d 'PEM file of a TLS client certificate' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and __fish_seen_subcommand_from explain" -l client-key -d 'PEM file of the client certificate\'s key' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and __fish_seen_subcommand_from explain" -l insecure-skip-tls-verify -d 'Do not verify the server\'s certificate (insecure)' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and __fish_seen_subcommand_from explain" -l tls-server-name -d 'Verify the server\'s certificate for this name' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and __fish_seen_subcommand_from explain" -l as -d 'User to impersonate' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and __fish_seen_subcommand_from explain" -l as-group -d 'Group to impersonate (repeatable)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and __fish_seen_subcommand_from explain" -l as-uid -d 'UID to impersonate' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and __fish_seen_subcommand_from explain" -l cache-dir -d 'Accepted as in kubectl; the plugin caches nothing' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and __fish_seen_subcommand_from explain" -l disable-compression -d 'Do not ask for compressed responses' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and __fish_seen_subcommand_from explain" -s h -l help -d 'Print help'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and __fish_seen_subcommand_from help" -f -a "effective" -d 'Show effective runtime evidence for an InferenceService'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and __fish_seen_subcommand_from help" -f -a "explain" -d 'Explain which serving runtimes match a model and why'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand runtime; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand scale" -l component -d 'The component: engine, decoder or router' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand scale" -l replicas -d 'The requested Instance count (positive, base-10)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand scale" -l current-replicas -d 'Precondition: write only while the current count (the /scale spec.replicas) is this' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand scale" -s o -l output -d 'Output format: table, wide, json or yaml' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand scale" -l dry-run -d 'none; client (nothing is sent); server (checked, not stored)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand scale" -l override-autoscaler -d 'Accept that the count\'s owner may undo it (required)' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand scale" -l yes -d 'Confirm the request without a prompt' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand scale" -l ome-namespace -d 'Namespace of OME\'s runtime ControllerRevisions' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand scale" -l kubeconfig -d 'Kubeconfig file (else $KUBECONFIG, ~/.kube/config)' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand scale" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand scale" -l cluster -d 'The kubeconfig cluster to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand scale" -l user -d 'The kubeconfig user to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand scale" -s n -l namespace -d 'Namespace (else the context\'s, else default)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand scale" -l request-timeout -d 'Limit of one request (10s, 1m, seconds); 0 or unset: 30s, or the command\'s lower cap (scale: 10s)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand scale" -s s -l server -d 'The API server\'s address (https://host:port)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand scale" -l token -d 'Bearer token for the API server' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand scale" -l certificate-authority -d 'PEM file of the CA of the server\'s certificate' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand scale" -l client-certificate -d 'PEM file of a TLS client certificate' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand scale" -l client-key -d 'PEM file of the client certificate\'s key' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand scale" -l insecure-skip-tls-verify -d 'Do not verify the server\'s certificate (insecure)' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand scale" -l tls-server-name -d 'Verify the server\'s certificate for this name' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand scale" -l as -d 'User to impersonate' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand scale" -l as-group -d 'Group to impersonate (repeatable)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand scale" -l as-uid -d 'UID to impersonate' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand scale" -l cache-dir -d 'Accepted as in kubectl; the plugin caches nothing' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand scale" -l disable-compression -d 'Do not ask for compressed responses' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand scale" -s h -l help -d 'Print help'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand status" -s o -l output -d 'Output format: table, wide, json or yaml' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand status" -l ome-namespace -d 'The namespace where OME keeps runtime ControllerRevisions' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand status" -l kubeconfig -d 'Kubeconfig file (else $KUBECONFIG, ~/.kube/config)' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand status" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand status" -l cluster -d 'The kubeconfig cluster to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand status" -l user -d 'The kubeconfig user to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand status" -s n -l namespace -d 'Namespace (else the context\'s, else default)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand status" -l request-timeout -d 'Limit of one request (10s, 1m, seconds); 0 or unset: 30s, or the command\'s lower cap (scale: 10s)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand status" -s s -l server -d 'The API server\'s address (https://host:port)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand status" -l token -d 'Bearer token for the API server' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand status" -l certificate-authority -d 'PEM file of the CA of the server\'s certificate' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand status" -l client-certificate -d 'PEM file of a TLS client certificate' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand status" -l client-key -d 'PEM file of the client certificate\'s key' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand status" -l insecure-skip-tls-verify -d 'Do not verify the server\'s certificate (insecure)' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand status" -l tls-server-name -d 'Verify the server\'s certificate for this name' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand status" -l as -d 'User to impersonate' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand status" -l as-group -d 'Group to impersonate (repeatable)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand status" -l as-uid -d 'UID to impersonate' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand status" -l cache-dir -d 'Accepted as in kubectl; the plugin caches nothing' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand status" -l disable-compression -d 'Do not ask for compressed responses' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand status" -s h -l help -d 'Print help'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand logs" -s c -l component -d 'The component: engine, decoder or router (not a container)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand logs" -l instance -d 'An OMENative Instance index; requires --component or a full --revision' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand logs" -l revision -d 'A revision: 8 lowercase hex characters, or <inferenceservice>-<component>-<hash>' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand logs" -l container -d 'The container to read in every selected pod' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand logs" -s f -l follow -d 'Keep the streams open and print new lines' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand logs" -l tail -d 'Lines per pod; a negative value means all, 0 prints no history' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand logs" -l since -d 'Only lines newer than this duration (e.g. 10s, 5m); 0 means no bound' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand logs" -l max-log-requests -d 'With --follow, the most concurrent log streams' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand logs" -l limit-bytes -d 'Bytes per pod, one-shot reads only; 0 means no limit' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand logs" -l kubeconfig -d 'Kubeconfig file (else $KUBECONFIG, ~/.kube/config)' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand logs" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand logs" -l cluster -d 'The kubeconfig cluster to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand logs" -l user -d 'The kubeconfig user to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand logs" -s n -l namespace -d 'Namespace (else the context\'s, else default)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand logs" -l request-timeout -d 'Limit of one request (10s, 1m, seconds); 0 or unset: 30s, or the command\'s lower cap (scale: 10s)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand logs" -s s -l server -d 'The API server\'s address (https://host:port)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand logs" -l token -d 'Bearer token for the API server' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand logs" -l certificate-authority -d 'PEM file of the CA of the server\'s certificate' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand logs" -l client-certificate -d 'PEM file of a TLS client certificate' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand logs" -l client-key -d 'PEM file of the client certificate\'s key' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand logs" -l insecure-skip-tls-verify -d 'Do not verify the server\'s certificate (insecure)' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand logs" -l tls-server-name -d 'Verify the server\'s certificate for this name' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand logs" -l as -d 'User to impersonate' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand logs" -l as-group -d 'Group to impersonate (repeatable)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand logs" -l as-uid -d 'UID to impersonate' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand logs" -l cache-dir -d 'Accepted as in kubectl; the plugin caches nothing' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand logs" -l disable-compression -d 'Do not ask for compressed responses' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand logs" -s h -l help -d 'Print help'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand version" -l ome-namespace -d 'Namespace of the ome-controller-manager' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand version" -l kubeconfig -d 'Kubeconfig file (else $KUBECONFIG, ~/.kube/config)' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand version" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand version" -l cluster -d 'The kubeconfig cluster to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand version" -l user -d 'The kubeconfig user to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand version" -s n -l namespace -d 'Namespace (else the context\'s, else default)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand version" -l request-timeout -d 'Limit of one request (10s, 1m, seconds); 0 or unset: 30s, or the command\'s lower cap (scale: 10s)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand version" -s s -l server -d 'The API server\'s address (https://host:port)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand version" -l token -d 'Bearer token for the API server' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand version" -l certificate-authority -d 'PEM file of the CA of the server\'s certificate' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand version" -l client-certificate -d 'PEM file of a TLS client certificate' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand version" -l client-key -d 'PEM file of the client certificate\'s key' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand version" -l insecure-skip-tls-verify -d 'Do not verify the server\'s certificate (insecure)' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand version" -l tls-server-name -d 'Verify the server\'s certificate for this name' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand version" -l as -d 'User to impersonate' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand version" -l as-group -d 'Group to impersonate (repeatable)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand version" -l as-uid -d 'UID to impersonate' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand version" -l cache-dir -d 'Accepted as in kubectl; the plugin caches nothing' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand version" -l disable-compression -d 'Do not ask for compressed responses' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand version" -l client -d 'Only the client version (nothing is read)'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand version" -s h -l help -d 'Print help'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand wait" -l for -d 'The predicate, e.g. replicas=current, replicas=ready, condition=Ready, rollout=stable, migration=terminal' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand wait" -l timeout -d 'How long to wait (Go duration, positive, at most 24h)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand wait" -l request-id -d 'The request ID (migration=terminal, runtime-sync=acknowledged)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand wait" -l component -d 'The component: engine, decoder or router' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand wait" -l replicas -d 'The exact Instance count' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand wait" -l revision -d 'The full revision name (held-revision=unheld)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand wait" -l ir-name -d 'Bind to this exact InferenceReplica name' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand wait" -l ir-uid -d 'Bind to this exact InferenceReplica UID' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand wait" -s o -l output -d 'Output format: table, wide, json or yaml' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand wait" -l kubeconfig -d 'Kubeconfig file (else $KUBECONFIG, ~/.kube/config)' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand wait" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand wait" -l cluster -d 'The kubeconfig cluster to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand wait" -l user -d 'The kubeconfig user to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand wait" -s n -l namespace -d 'Namespace (else the context\'s, else default)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand wait" -l request-timeout -d 'Limit of one request (10s, 1m, seconds); 0 or unset: 30s, or the command\'s lower cap (scale: 10s)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand wait" -s s -l server -d 'The API server\'s address (https://host:port)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand wait" -l token -d 'Bearer token for the API server' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand wait" -l certificate-authority -d 'PEM file of the CA of the server\'s certificate' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand wait" -l client-certificate -d 'PEM file of a TLS client certificate' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand wait" -l client-key -d 'PEM file of the client certificate\'s key' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand wait" -l insecure-skip-tls-verify -d 'Do not verify the server\'s certificate (insecure)' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand wait" -l tls-server-name -d 'Verify the server\'s certificate for this name' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand wait" -l as -d 'User to impersonate' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand wait" -l as-group -d 'Group to impersonate (repeatable)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand wait" -l as-uid -d 'UID to impersonate' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand wait" -l cache-dir -d 'Accepted as in kubectl; the plugin caches nothing' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand wait" -l disable-compression -d 'Do not ask for compressed responses' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand wait" -s h -l help -d 'Print help'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and not __fish_seen_subcommand_from install help" -l kubeconfig -d 'Kubeconfig file (else $KUBECONFIG, ~/.kube/config)' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and not __fish_seen_subcommand_from install help" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and not __fish_seen_subcommand_from install help" -l cluster -d 'The kubeconfig cluster to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and not __fish_seen_subcommand_from install help" -l user -d 'The kubeconfig user to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and not __fish_seen_subcommand_from install help" -s n -l namespace -d 'Namespace (else the context\'s, else default)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and not __fish_seen_subcommand_from install help" -l request-timeout -d 'Limit of one request (10s, 1m, seconds); 0 or unset: 30s, or the command\'s lower cap (scale: 10s)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and not __fish_seen_subcommand_from install help" -s s -l server -d 'The API server\'s address (https://host:port)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and not __fish_seen_subcommand_from install help" -l token -d 'Bearer token for the API server' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and not __fish_seen_subcommand_from install help" -l certificate-authority -d 'PEM file of the CA of the server\'s certificate' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and not __fish_seen_subcommand_from install help" -l client-certificate -d 'PEM file of a TLS client certificate' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and not __fish_seen_subcommand_from install help" -l client-key -d 'PEM file of the client certificate\'s key' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and not __fish_seen_subcommand_from install help" -l insecure-skip-tls-verify -d 'Do not verify the server\'s certificate (insecure)' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and not __fish_seen_subcommand_from install help" -l tls-server-name -d 'Verify the server\'s certificate for this name' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and not __fish_seen_subcommand_from install help" -l as -d 'User to impersonate' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and not __fish_seen_subcommand_from install help" -l as-group -d 'Group to impersonate (repeatable)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and not __fish_seen_subcommand_from install help" -l as-uid -d 'UID to impersonate' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and not __fish_seen_subcommand_from install help" -l cache-dir -d 'Accepted as in kubectl; the plugin caches nothing' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and not __fish_seen_subcommand_from install help" -l disable-compression -d 'Do not ask for compressed responses' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and not __fish_seen_subcommand_from install help" -s h -l help -d 'Print help'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and not __fish_seen_subcommand_from install help" -a "install" -d 'Install the completion entry for `kubectl ome <TAB>`'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and not __fish_seen_subcommand_from install help" -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and __fish_seen_subcommand_from install" -l kubeconfig -d 'Kubeconfig file (else $KUBECONFIG, ~/.kube/config)' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and __fish_seen_subcommand_from install" -l context -d 'The kubeconfig context to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and __fish_seen_subcommand_from install" -l cluster -d 'The kubeconfig cluster to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and __fish_seen_subcommand_from install" -l user -d 'The kubeconfig user to use' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and __fish_seen_subcommand_from install" -s n -l namespace -d 'Namespace (else the context\'s, else default)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and __fish_seen_subcommand_from install" -l request-timeout -d 'Limit of one request (10s, 1m, seconds); 0 or unset: 30s, or the command\'s lower cap (scale: 10s)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and __fish_seen_subcommand_from install" -s s -l server -d 'The API server\'s address (https://host:port)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and __fish_seen_subcommand_from install" -l token -d 'Bearer token for the API server' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and __fish_seen_subcommand_from install" -l certificate-authority -d 'PEM file of the CA of the server\'s certificate' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and __fish_seen_subcommand_from install" -l client-certificate -d 'PEM file of a TLS client certificate' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and __fish_seen_subcommand_from install" -l client-key -d 'PEM file of the client certificate\'s key' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and __fish_seen_subcommand_from install" -l insecure-skip-tls-verify -d 'Do not verify the server\'s certificate (insecure)' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and __fish_seen_subcommand_from install" -l tls-server-name -d 'Verify the server\'s certificate for this name' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and __fish_seen_subcommand_from install" -l as -d 'User to impersonate' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and __fish_seen_subcommand_from install" -l as-group -d 'Group to impersonate (repeatable)' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and __fish_seen_subcommand_from install" -l as-uid -d 'UID to impersonate' -r
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and __fish_seen_subcommand_from install" -l cache-dir -d 'Accepted as in kubectl; the plugin caches nothing' -r -F
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and __fish_seen_subcommand_from install" -l disable-compression -d 'Do not ask for compressed responses' -r -f -a "true\t''
false\t''"
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and __fish_seen_subcommand_from install" -s h -l help -d 'Print help'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and __fish_seen_subcommand_from help" -f -a "install" -d 'Install the completion entry for `kubectl ome <TAB>`'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand completion; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand help; and not __fish_seen_subcommand_from admin autoscale instance migration rollout runtime scale status logs version wait completion help" -f -a "admin" -d 'Administer and check the OME installation'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand help; and not __fish_seen_subcommand_from admin autoscale instance migration rollout runtime scale status logs version wait completion help" -f -a "autoscale" -d 'Inspect autoscaling configuration and evidence'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand help; and not __fish_seen_subcommand_from admin autoscale instance migration rollout runtime scale status logs version wait completion help" -f -a "instance" -d 'Inspect controller-reported logical instances'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand help; and not __fish_seen_subcommand_from admin autoscale instance migration rollout runtime scale status logs version wait completion help" -f -a "migration" -d 'Inspect OMENative migrations'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand help; and not __fish_seen_subcommand_from admin autoscale instance migration rollout runtime scale status logs version wait completion help" -f -a "rollout" -d 'Inspect InferenceService rollouts'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand help; and not __fish_seen_subcommand_from admin autoscale instance migration rollout runtime scale status logs version wait completion help" -f -a "runtime" -d 'Inspect OME runtime selection and configuration'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand help; and not __fish_seen_subcommand_from admin autoscale instance migration rollout runtime scale status logs version wait completion help" -f -a "scale" -d 'Guard a transient, positive replica request for an OMENative component (alpha)'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand help; and not __fish_seen_subcommand_from admin autoscale instance migration rollout runtime scale status logs version wait completion help" -f -a "status" -d 'Show the full readiness story of an InferenceService'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand help; and not __fish_seen_subcommand_from admin autoscale instance migration rollout runtime scale status logs version wait completion help" -f -a "logs" -d 'Stream logs from the pods behind an InferenceService'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand help; and not __fish_seen_subcommand_from admin autoscale instance migration rollout runtime scale status logs version wait completion help" -f -a "version" -d 'Print the client, OME operator and Kubernetes server versions'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand help; and not __fish_seen_subcommand_from admin autoscale instance migration rollout runtime scale status logs version wait completion help" -f -a "wait" -d 'Wait for reported service, replica, or runtime-sync state'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand help; and not __fish_seen_subcommand_from admin autoscale instance migration rollout runtime scale status logs version wait completion help" -f -a "completion" -d 'Print a shell completion script (bash, zsh, fish, powershell), or install the completion entry for `kubectl ome <TAB>`'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand help; and not __fish_seen_subcommand_from admin autoscale instance migration rollout runtime scale status logs version wait completion help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand help; and __fish_seen_subcommand_from admin" -f -a "doctor" -d 'Inspect bounded current-context OME diagnostic evidence'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand help; and __fish_seen_subcommand_from autoscale" -f -a "status" -d 'Show controller-reported autoscaling status'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand help; and __fish_seen_subcommand_from autoscale" -f -a "explain" -d 'Explain effective and reported autoscaling'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand help; and __fish_seen_subcommand_from instance" -f -a "list" -d 'List controller-reported logical instances'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand help; and __fish_seen_subcommand_from instance" -f -a "status" -d 'Show one logical instance and bounded live evidence'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand help; and __fish_seen_subcommand_from instance" -f -a "retry-blocks" -d 'Show controller-reported retry authority'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand help; and __fish_seen_subcommand_from instance" -f -a "release-held" -d 'Alpha: request release of one exact Held revision'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand help; and __fish_seen_subcommand_from migration" -f -a "status" -d 'Show live InferenceReplica migration status'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand help; and __fish_seen_subcommand_from rollout" -f -a "status" -d 'Show rollout progress for an InferenceService'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand help; and __fish_seen_subcommand_from rollout" -f -a "explain" -d 'Explain rollout intent, effective plan, and observed progress'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand help; and __fish_seen_subcommand_from rollout" -f -a "pause" -d 'Alpha: guarded service-wide rollout pause'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand help; and __fish_seen_subcommand_from rollout" -f -a "resume" -d 'Alpha: guarded service-wide rollout resume'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand help; and __fish_seen_subcommand_from runtime" -f -a "effective" -d 'Show effective runtime evidence for an InferenceService'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand help; and __fish_seen_subcommand_from runtime" -f -a "explain" -d 'Explain which serving runtimes match a model and why'
complete -c kubectl-ome -n "__fish_kubectl_ome_using_subcommand help; and __fish_seen_subcommand_from completion" -f -a "install" -d 'Install the completion entry for `kubectl ome <TAB>`'
