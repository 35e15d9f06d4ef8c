#compdef kubectl-ome

autoload -U is-at-least

_kubectl-ome() {
    typeset -A opt_args
    typeset -a _arguments_options
    local ret=1

    if is-at-least 5.2; then
        _arguments_options=(-s -S -C)
    else
        _arguments_options=(-s -C)
    fi

    local context curcontext="$curcontext" state line
    _arguments "${_arguments_options[@]}" : \
'--kubeconfig=[Path to the kubeconfig file to use (otherwise \$KUBECONFIG, then ~/.kube/config)]:PATH:_files' \
'--context=[The name of the kubeconfig context to use]:NAME:_default' \
'--cluster=[The name of the kubeconfig cluster to use]:NAME:_default' \
'--user=[The name of the kubeconfig user to use]:NAME:_default' \
'-n+[The namespace scope for this request (otherwise the context'\''s namespace, then default)]:NAMESPACE:_default' \
'--namespace=[The namespace scope for this request (otherwise the context'\''s namespace, then default)]:NAMESPACE:_default' \
'--request-timeout=[Time to wait for a single server request (e.g. 10s, 1m; 0 means no timeout)]:DURATION:_default' \
'-h[Print help]' \
'--help[Print help]' \
'-V[Print version]' \
'--version[Print version]' \
":: :_kubectl-ome_commands" \
"*::: :->ome" \
&& ret=0
    case $state in
    (ome)
        words=($line[1] "${words[@]}")
        (( CURRENT += 1 ))
        curcontext="${curcontext%:*:*}:kubectl-ome-command-$line[1]:"
        case $line[1] in
            (autoscale)
_arguments "${_arguments_options[@]}" : \
'--kubeconfig=[Path to the kubeconfig file to use (otherwise \$KUBECONFIG, then ~/.kube/config)]:PATH:_files' \
'--context=[The name of the kubeconfig context to use]:NAME:_default' \
'--cluster=[The name of the kubeconfig cluster to use]:NAME:_default' \
'--user=[The name of the kubeconfig user to use]:NAME:_default' \
'-n+[The namespace scope for this request (otherwise the context'\''s namespace, then default)]:NAMESPACE:_default' \
'--namespace=[The namespace scope for this request (otherwise the context'\''s namespace, then default)]:NAMESPACE:_default' \
'--request-timeout=[Time to wait for a single server request (e.g. 10s, 1m; 0 means no timeout)]:DURATION:_default' \
'-h[Print help]' \
'--help[Print help]' \
'-V[Print version]' \
'--version[Print version]' \
":: :_kubectl-ome__subcmd__autoscale_commands" \
"*::: :->autoscale" \
&& ret=0

    case $state in
    (autoscale)
        words=($line[1] "${words[@]}")
        (( CURRENT += 1 ))
        curcontext="${curcontext%:*:*}:kubectl-ome-autoscale-command-$line[1]:"
        case $line[1] in
            (status)
_arguments "${_arguments_options[@]}" : \
'-o+[Output format\: table, wide, json or yaml]:OUTPUT:_default' \
'--output=[Output format\: table, wide, json or yaml]:OUTPUT:_default' \
'--kubeconfig=[Path to the kubeconfig file to use (otherwise \$KUBECONFIG, then ~/.kube/config)]:PATH:_files' \
'--context=[The name of the kubeconfig context to use]:NAME:_default' \
'--cluster=[The name of the kubeconfig cluster to use]:NAME:_default' \
'--user=[The name of the kubeconfig user to use]:NAME:_default' \
'-n+[The namespace scope for this request (otherwise the context'\''s namespace, then default)]:NAMESPACE:_default' \
'--namespace=[The namespace scope for this request (otherwise the context'\''s namespace, then default)]:NAMESPACE:_default' \
'--request-timeout=[Time to wait for a single server request (e.g. 10s, 1m; 0 means no timeout)]:DURATION:_default' \
'--live-scale[Also read the selected InferenceReplica and its /scale]' \
'--live-scaler[Also read the OME-managed HPA or KEDA ScaledObject]' \
'-h[Print help (see more with '\''--help'\'')]' \
'--help[Print help (see more with '\''--help'\'')]' \
'-V[Print version]' \
'--version[Print version]' \
'*::names:_default' \
&& ret=0
;;
        esac
    ;;
esac
;;
(instance)
_arguments "${_arguments_options[@]}" : \
'--kubeconfig=[Path to the kubeconfig file to use (otherwise \$KUBECONFIG, then ~/.kube/config)]:PATH:_files' \
'--context=[The name of the kubeconfig context to use]:NAME:_default' \
'--cluster=[The name of the kubeconfig cluster to use]:NAME:_default' \
'--user=[The name of the kubeconfig user to use]:NAME:_default' \
'-n+[The namespace scope for this request (otherwise the context'\''s namespace, then default)]:NAMESPACE:_default' \
'--namespace=[The namespace scope for this request (otherwise the context'\''s namespace, then default)]:NAMESPACE:_default' \
'--request-timeout=[Time to wait for a single server request (e.g. 10s, 1m; 0 means no timeout)]:DURATION:_default' \
'-h[Print help]' \
'--help[Print help]' \
'-V[Print version]' \
'--version[Print version]' \
":: :_kubectl-ome__subcmd__instance_commands" \
"*::: :->instance" \
&& ret=0

    case $state in
    (instance)
        words=($line[1] "${words[@]}")
        (( CURRENT += 1 ))
        curcontext="${curcontext%:*:*}:kubectl-ome-instance-command-$line[1]:"
        case $line[1] in
            (list)
_arguments "${_arguments_options[@]}" : \
'-o+[Output format\: table, json or yaml]:OUTPUT:_default' \
'--output=[Output format\: table, json or yaml]:OUTPUT:_default' \
'--kubeconfig=[Path to the kubeconfig file to use (otherwise \$KUBECONFIG, then ~/.kube/config)]:PATH:_files' \
'--context=[The name of the kubeconfig context to use]:NAME:_default' \
'--cluster=[The name of the kubeconfig cluster to use]:NAME:_default' \
'--user=[The name of the kubeconfig user to use]:NAME:_default' \
'-n+[The namespace scope for this request (otherwise the context'\''s namespace, then default)]:NAMESPACE:_default' \
'--namespace=[The namespace scope for this request (otherwise the context'\''s namespace, then default)]:NAMESPACE:_default' \
'--request-timeout=[Time to wait for a single server request (e.g. 10s, 1m; 0 means no timeout)]:DURATION:_default' \
'-h[Print help (see more with '\''--help'\'')]' \
'--help[Print help (see more with '\''--help'\'')]' \
'-V[Print version]' \
'--version[Print version]' \
'*::names:_default' \
&& ret=0
;;
        esac
    ;;
esac
;;
(migration)
_arguments "${_arguments_options[@]}" : \
'--kubeconfig=[Path to the kubeconfig file to use (otherwise \$KUBECONFIG, then ~/.kube/config)]:PATH:_files' \
'--context=[The name of the kubeconfig context to use]:NAME:_default' \
'--cluster=[The name of the kubeconfig cluster to use]:NAME:_default' \
'--user=[The name of the kubeconfig user to use]:NAME:_default' \
'-n+[The namespace scope for this request (otherwise the context'\''s namespace, then default)]:NAMESPACE:_default' \
'--namespace=[The namespace scope for this request (otherwise the context'\''s namespace, then default)]:NAMESPACE:_default' \
'--request-timeout=[Time to wait for a single server request (e.g. 10s, 1m; 0 means no timeout)]:DURATION:_default' \
'-h[Print help]' \
'--help[Print help]' \
'-V[Print version]' \
'--version[Print version]' \
":: :_kubectl-ome__subcmd__migration_commands" \
"*::: :->migration" \
&& ret=0

    case $state in
    (migration)
        words=($line[1] "${words[@]}")
        (( CURRENT += 1 ))
        curcontext="${curcontext%:*:*}:kubectl-ome-migration-command-$line[1]:"
        case $line[1] in
            (status)
_arguments "${_arguments_options[@]}" : \
'--component=[Only this component\: engine, decoder or router]:COMPONENT:_default' \
'-o+[Output format\: table, json or yaml]:OUTPUT:_default' \
'--output=[Output format\: table, json or yaml]:OUTPUT:_default' \
'--kubeconfig=[Path to the kubeconfig file to use (otherwise \$KUBECONFIG, then ~/.kube/config)]:PATH:_files' \
'--context=[The name of the kubeconfig context to use]:NAME:_default' \
'--cluster=[The name of the kubeconfig cluster to use]:NAME:_default' \
'--user=[The name of the kubeconfig user to use]:NAME:_default' \
'-n+[The namespace scope for this request (otherwise the context'\''s namespace, then default)]:NAMESPACE:_default' \
'--namespace=[The namespace scope for this request (otherwise the context'\''s namespace, then default)]:NAMESPACE:_default' \
'--request-timeout=[Time to wait for a single server request (e.g. 10s, 1m; 0 means no timeout)]:DURATION:_default' \
'-h[Print help]' \
'--help[Print help]' \
'-V[Print version]' \
'--version[Print version]' \
'*::names:_default' \
&& ret=0
;;
        esac
    ;;
esac
;;
(rollout)
_arguments "${_arguments_options[@]}" : \
'--kubeconfig=[Path to the kubeconfig file to use (otherwise \$KUBECONFIG, then ~/.kube/config)]:PATH:_files' \
'--context=[The name of the kubeconfig context to use]:NAME:_default' \
'--cluster=[The name of the kubeconfig cluster to use]:NAME:_default' \
'--user=[The name of the kubeconfig user to use]:NAME:_default' \
'-n+[The namespace scope for this request (otherwise the context'\''s namespace, then default)]:NAMESPACE:_default' \
'--namespace=[The namespace scope for this request (otherwise the context'\''s namespace, then default)]:NAMESPACE:_default' \
'--request-timeout=[Time to wait for a single server request (e.g. 10s, 1m; 0 means no timeout)]:DURATION:_default' \
'-h[Print help]' \
'--help[Print help]' \
'-V[Print version]' \
'--version[Print version]' \
":: :_kubectl-ome__subcmd__rollout_commands" \
"*::: :->rollout" \
&& ret=0

    case $state in
    (rollout)
        words=($line[1] "${words[@]}")
        (( CURRENT += 1 ))
        curcontext="${curcontext%:*:*}:kubectl-ome-rollout-command-$line[1]:"
        case $line[1] in
            (status)
_arguments "${_arguments_options[@]}" : \
'-o+[Output format\: table, wide, json or yaml]:OUTPUT:_default' \
'--output=[Output format\: table, wide, json or yaml]:OUTPUT:_default' \
'--kubeconfig=[Path to the kubeconfig file to use (otherwise \$KUBECONFIG, then ~/.kube/config)]:PATH:_files' \
'--context=[The name of the kubeconfig context to use]:NAME:_default' \
'--cluster=[The name of the kubeconfig cluster to use]:NAME:_default' \
'--user=[The name of the kubeconfig user to use]:NAME:_default' \
'-n+[The namespace scope for this request (otherwise the context'\''s namespace, then default)]:NAMESPACE:_default' \
'--namespace=[The namespace scope for this request (otherwise the context'\''s namespace, then default)]:NAMESPACE:_default' \
'--request-timeout=[Time to wait for a single server request (e.g. 10s, 1m; 0 means no timeout)]:DURATION:_default' \
'-h[Print help]' \
'--help[Print help]' \
'-V[Print version]' \
'--version[Print version]' \
'*::names:_default' \
&& ret=0
;;
        esac
    ;;
esac
;;
(scale)
_arguments "${_arguments_options[@]}" : \
'--component=[The component\: engine, decoder or router]:COMPONENT:_default' \
'--replicas=[The requested Instance count (positive, base-10)]:REPLICAS:_default' \
'-o+[Output format\: table, wide, json or yaml]:OUTPUT:_default' \
'--output=[Output format\: table, wide, json or yaml]:OUTPUT:_default' \
'--dry-run=[none, client (no request is sent) or server (the API server checks and stores nothing)]:DRY_RUN:_default' \
'--override-autoscaler=[Accept that the count'\''s owner can overwrite the request (required; needs --yes)]::OVERRIDE_AUTOSCALER:(true false)' \
'--yes=[Confirm the request without a prompt]::YES:(true false)' \
'--ome-namespace=[The namespace where OME keeps runtime ControllerRevisions]:OME_NAMESPACE:_default' \
'--kubeconfig=[Path to the kubeconfig file to use (otherwise \$KUBECONFIG, then ~/.kube/config)]:PATH:_files' \
'--context=[The name of the kubeconfig context to use]:NAME:_default' \
'--cluster=[The name of the kubeconfig cluster to use]:NAME:_default' \
'--user=[The name of the kubeconfig user to use]:NAME:_default' \
'-n+[The namespace scope for this request (otherwise the context'\''s namespace, then default)]:NAMESPACE:_default' \
'--namespace=[The namespace scope for this request (otherwise the context'\''s namespace, then default)]:NAMESPACE:_default' \
'--request-timeout=[Time to wait for a single server request (e.g. 10s, 1m; 0 means no timeout)]:DURATION:_default' \
'-h[Print help (see more with '\''--help'\'')]' \
'--help[Print help (see more with '\''--help'\'')]' \
'-V[Print version]' \
'--version[Print version]' \
'*::names -- The InferenceService:_default' \
&& ret=0
;;
(version)
_arguments "${_arguments_options[@]}" : \
'--kubeconfig=[Path to the kubeconfig file to use (otherwise \$KUBECONFIG, then ~/.kube/config)]:PATH:_files' \
'--context=[The name of the kubeconfig context to use]:NAME:_default' \
'--cluster=[The name of the kubeconfig cluster to use]:NAME:_default' \
'--user=[The name of the kubeconfig user to use]:NAME:_default' \
'-n+[The namespace scope for this request (otherwise the context'\''s namespace, then default)]:NAMESPACE:_default' \
'--namespace=[The namespace scope for this request (otherwise the context'\''s namespace, then default)]:NAMESPACE:_default' \
'--request-timeout=[Time to wait for a single server request (e.g. 10s, 1m; 0 means no timeout)]:DURATION:_default' \
'--client[Print only the client version]' \
'-h[Print help]' \
'--help[Print help]' \
'-V[Print version]' \
'--version[Print version]' \
&& ret=0
;;
(wait)
_arguments "${_arguments_options[@]}" : \
'--for=[The predicate, e.g. replicas=current, replicas=ready, condition=Ready, rollout=stable, migration=terminal]:PREDICATE:_default' \
'--timeout=[How long to wait (Go duration, positive, at most 24h)]:TIMEOUT:_default' \
'--request-id=[The request ID (migration=terminal, runtime-sync=acknowledged)]:REQUEST_ID:_default' \
'--component=[The component\: engine, decoder or router]:COMPONENT:_default' \
'--replicas=[The exact Instance count]:REPLICAS:_default' \
'--revision=[The full revision name (held-revision=unheld)]:REVISION:_default' \
'--ir-name=[Bind to this exact InferenceReplica name]:IR_NAME:_default' \
'--ir-uid=[Bind to this exact InferenceReplica UID]:IR_UID:_default' \
'-o+[Output format\: table, wide, json or yaml]:OUTPUT:_default' \
'--output=[Output format\: table, wide, json or yaml]:OUTPUT:_default' \
'--kubeconfig=[Path to the kubeconfig file to use (otherwise \$KUBECONFIG, then ~/.kube/config)]:PATH:_files' \
'--context=[The name of the kubeconfig context to use]:NAME:_default' \
'--cluster=[The name of the kubeconfig cluster to use]:NAME:_default' \
'--user=[The name of the kubeconfig user to use]:NAME:_default' \
'-n+[The namespace scope for this request (otherwise the context'\''s namespace, then default)]:NAMESPACE:_default' \
'--namespace=[The namespace scope for this request (otherwise the context'\''s namespace, then default)]:NAMESPACE:_default' \
'--request-timeout=[Time to wait for a single server request (e.g. 10s, 1m; 0 means no timeout)]:DURATION:_default' \
'-h[Print help]' \
'--help[Print help]' \
'-V[Print version]' \
'--version[Print version]' \
'*::names:_default' \
&& ret=0
;;
(completion)
_arguments "${_arguments_options[@]}" : \
'--kubeconfig=[Path to the kubeconfig file to use (otherwise \$KUBECONFIG, then ~/.kube/config)]:PATH:_files' \
'--context=[The name of the kubeconfig context to use]:NAME:_default' \
'--cluster=[The name of the kubeconfig cluster to use]:NAME:_default' \
'--user=[The name of the kubeconfig user to use]:NAME:_default' \
'-n+[The namespace scope for this request (otherwise the context'\''s namespace, then default)]:NAMESPACE:_default' \
'--namespace=[The namespace scope for this request (otherwise the context'\''s namespace, then default)]:NAMESPACE:_default' \
'--request-timeout=[Time to wait for a single server request (e.g. 10s, 1m; 0 means no timeout)]:DURATION:_default' \
'-h[Print help]' \
'--help[Print help]' \
'-V[Print version]' \
'--version[Print version]' \
':shell -- bash, zsh, fish or powershell:(bash elvish fish powershell zsh)' \
":: :_kubectl-ome__subcmd__completion_commands" \
"*::: :->completion" \
&& ret=0

    case $state in
    (completion)
        words=($line[2] "${words[@]}")
        (( CURRENT += 1 ))
        curcontext="${curcontext%:*:*}:kubectl-ome-completion-command-$line[2]:"
        case $line[2] in
            (install)
_arguments "${_arguments_options[@]}" : \
'--kubeconfig=[Path to the kubeconfig file to use (otherwise \$KUBECONFIG, then ~/.kube/config)]:PATH:_files' \
'--context=[The name of the kubeconfig context to use]:NAME:_default' \
'--cluster=[The name of the kubeconfig cluster to use]:NAME:_default' \
'--user=[The name of the kubeconfig user to use]:NAME:_default' \
'-n+[The namespace scope for this request (otherwise the context'\''s namespace, then default)]:NAMESPACE:_default' \
'--namespace=[The namespace scope for this request (otherwise the context'\''s namespace, then default)]:NAMESPACE:_default' \
'--request-timeout=[Time to wait for a single server request (e.g. 10s, 1m; 0 means no timeout)]:DURATION:_default' \
'-h[Print help (see more with '\''--help'\'')]' \
'--help[Print help (see more with '\''--help'\'')]' \
'-V[Print version]' \
'--version[Print version]' \
&& ret=0
;;
        esac
    ;;
esac
;;
        esac
    ;;
esac
}

(( $+functions[_kubectl-ome_commands] )) ||
_kubectl-ome_commands() {
    local commands; commands=(
'autoscale:Inspect autoscaling configuration and evidence' \
'instance:Inspect controller-reported logical instances' \
'migration:Inspect and request OMENative migrations' \
'rollout:Inspect InferenceService rollouts' \
'scale:Guard a transient, positive replica request for an OMENative component (alpha)' \
'version:Print the client version and, when reachable, the server version' \
'wait:Wait for reported service, replica, or runtime-sync state' \
'completion:Print a shell completion script (bash, zsh, fish, powershell), or install the completion entry for \`kubectl ome <TAB>\`' \
    )
    _describe -t commands 'kubectl-ome commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__autoscale_commands] )) ||
_kubectl-ome__subcmd__autoscale_commands() {
    local commands; commands=(
'status:Show controller-reported autoscaling status' \
    )
    _describe -t commands 'kubectl-ome autoscale commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__autoscale__subcmd__status_commands] )) ||
_kubectl-ome__subcmd__autoscale__subcmd__status_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome autoscale status commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__completion_commands] )) ||
_kubectl-ome__subcmd__completion_commands() {
    local commands; commands=(
'install:Install the completion entry for \`kubectl ome <TAB>\`' \
    )
    _describe -t commands 'kubectl-ome completion commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__completion__subcmd__install_commands] )) ||
_kubectl-ome__subcmd__completion__subcmd__install_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome completion install commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__instance_commands] )) ||
_kubectl-ome__subcmd__instance_commands() {
    local commands; commands=(
'list:List controller-reported logical instances' \
    )
    _describe -t commands 'kubectl-ome instance commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__instance__subcmd__list_commands] )) ||
_kubectl-ome__subcmd__instance__subcmd__list_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome instance list commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__migration_commands] )) ||
_kubectl-ome__subcmd__migration_commands() {
    local commands; commands=(
'status:Show live InferenceReplica migration status' \
    )
    _describe -t commands 'kubectl-ome migration commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__migration__subcmd__status_commands] )) ||
_kubectl-ome__subcmd__migration__subcmd__status_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome migration status commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__rollout_commands] )) ||
_kubectl-ome__subcmd__rollout_commands() {
    local commands; commands=(
'status:Show rollout progress for an InferenceService' \
    )
    _describe -t commands 'kubectl-ome rollout commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__rollout__subcmd__status_commands] )) ||
_kubectl-ome__subcmd__rollout__subcmd__status_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome rollout status commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__scale_commands] )) ||
_kubectl-ome__subcmd__scale_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome scale commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__version_commands] )) ||
_kubectl-ome__subcmd__version_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome version commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__wait_commands] )) ||
_kubectl-ome__subcmd__wait_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome wait commands' commands "$@"
}

if [ "$funcstack[1]" = "_kubectl-ome" ]; then
    _kubectl-ome "$@"
else
    compdef _kubectl-ome kubectl-ome
fi
