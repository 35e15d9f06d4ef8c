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
'--kubeconfig=[Kubeconfig file (else \$KUBECONFIG, ~/.kube/config)]:PATH:_files' \
'--context=[The kubeconfig context to use]:NAME:_default' \
'--cluster=[The kubeconfig cluster to use]:NAME:_default' \
'--user=[The kubeconfig user to use]:NAME:_default' \
'-n+[Namespace (else the context'\''s, else default)]:NAMESPACE:_default' \
'--namespace=[Namespace (else the context'\''s, else default)]:NAMESPACE:_default' \
'--request-timeout=[Limit of one request (10s, 1m, seconds); 0 or unset\: 30s, or the command'\''s lower cap (scale\: 10s)]:DURATION:_default' \
'-s+[The API server'\''s address (https\://host\:port)]:URL:_default' \
'--server=[The API server'\''s address (https\://host\:port)]:URL:_default' \
'--token=[Bearer token for the API server]:TOKEN:_default' \
'--certificate-authority=[PEM file of the CA of the server'\''s certificate]:PATH:_files' \
'--client-certificate=[PEM file of a TLS client certificate]:PATH:_files' \
'--client-key=[PEM file of the client certificate'\''s key]:PATH:_files' \
'--insecure-skip-tls-verify=[Do not verify the server'\''s certificate (insecure)]::BOOL:(true false)' \
'--tls-server-name=[Verify the server'\''s certificate for this name]:NAME:_default' \
'--as=[User to impersonate]:USER:_default' \
'*--as-group=[Group to impersonate (repeatable)]:GROUP:_default' \
'--as-uid=[UID to impersonate]:UID:_default' \
'--cache-dir=[Accepted as in kubectl; the plugin caches nothing]:PATH:_files' \
'--disable-compression=[Do not ask for compressed responses]::BOOL:(true false)' \
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
            (admin)
_arguments "${_arguments_options[@]}" : \
'--kubeconfig=[Kubeconfig file (else \$KUBECONFIG, ~/.kube/config)]:PATH:_files' \
'--context=[The kubeconfig context to use]:NAME:_default' \
'--cluster=[The kubeconfig cluster to use]:NAME:_default' \
'--user=[The kubeconfig user to use]:NAME:_default' \
'-n+[Namespace (else the context'\''s, else default)]:NAMESPACE:_default' \
'--namespace=[Namespace (else the context'\''s, else default)]:NAMESPACE:_default' \
'--request-timeout=[Limit of one request (10s, 1m, seconds); 0 or unset\: 30s, or the command'\''s lower cap (scale\: 10s)]:DURATION:_default' \
'-s+[The API server'\''s address (https\://host\:port)]:URL:_default' \
'--server=[The API server'\''s address (https\://host\:port)]:URL:_default' \
'--token=[Bearer token for the API server]:TOKEN:_default' \
'--certificate-authority=[PEM file of the CA of the server'\''s certificate]:PATH:_files' \
'--client-certificate=[PEM file of a TLS client certificate]:PATH:_files' \
'--client-key=[PEM file of the client certificate'\''s key]:PATH:_files' \
'--insecure-skip-tls-verify=[Do not verify the server'\''s certificate (insecure)]::BOOL:(true false)' \
'--tls-server-name=[Verify the server'\''s certificate for this name]:NAME:_default' \
'--as=[User to impersonate]:USER:_default' \
'*--as-group=[Group to impersonate (repeatable)]:GROUP:_default' \
'--as-uid=[UID to impersonate]:UID:_default' \
'--cache-dir=[Accepted as in kubectl; the plugin caches nothing]:PATH:_files' \
'--disable-compression=[Do not ask for compressed responses]::BOOL:(true false)' \
'-h[Print help]' \
'--help[Print help]' \
":: :_kubectl-ome__subcmd__admin_commands" \
"*::: :->admin" \
&& ret=0

    case $state in
    (admin)
        words=($line[1] "${words[@]}")
        (( CURRENT += 1 ))
        curcontext="${curcontext%:*:*}:kubectl-ome-admin-command-$line[1]:"
        case $line[1] in
            (doctor)
_arguments "${_arguments_options[@]}" : \
'-o+[Output format\: table, wide, json or yaml]:OUTPUT:_default' \
'--output=[Output format\: table, wide, json or yaml]:OUTPUT:_default' \
'--isvc=[Also read this InferenceService in the namespace]:ISVC:_default' \
'--component=[With --access --isvc\: the component whose InferenceReplica the reviews name]:COMPONENT:_default' \
'--ome-namespace=[The namespace where the OME operator runs]:OME_NAMESPACE:_default' \
'--alfred-namespace=[The namespace of the Alfred configuration (the OME namespace by default)]:ALFRED_NAMESPACE:_default' \
'--alfred-config-name=[The name of the Alfred ConfigMap]:ALFRED_CONFIG_NAME:_default' \
'--alfred-config-key=[The key of the Alfred configuration in its ConfigMap]:ALFRED_CONFIG_KEY:_default' \
'--kubeconfig=[Kubeconfig file (else \$KUBECONFIG, ~/.kube/config)]:PATH:_files' \
'--context=[The kubeconfig context to use]:NAME:_default' \
'--cluster=[The kubeconfig cluster to use]:NAME:_default' \
'--user=[The kubeconfig user to use]:NAME:_default' \
'-n+[Namespace (else the context'\''s, else default)]:NAMESPACE:_default' \
'--namespace=[Namespace (else the context'\''s, else default)]:NAMESPACE:_default' \
'--request-timeout=[Limit of one request (10s, 1m, seconds); 0 or unset\: 30s, or the command'\''s lower cap (scale\: 10s)]:DURATION:_default' \
'-s+[The API server'\''s address (https\://host\:port)]:URL:_default' \
'--server=[The API server'\''s address (https\://host\:port)]:URL:_default' \
'--token=[Bearer token for the API server]:TOKEN:_default' \
'--certificate-authority=[PEM file of the CA of the server'\''s certificate]:PATH:_files' \
'--client-certificate=[PEM file of a TLS client certificate]:PATH:_files' \
'--client-key=[PEM file of the client certificate'\''s key]:PATH:_files' \
'--insecure-skip-tls-verify=[Do not verify the server'\''s certificate (insecure)]::BOOL:(true false)' \
'--tls-server-name=[Verify the server'\''s certificate for this name]:NAME:_default' \
'--as=[User to impersonate]:USER:_default' \
'*--as-group=[Group to impersonate (repeatable)]:GROUP:_default' \
'--as-uid=[UID to impersonate]:UID:_default' \
'--cache-dir=[Accepted as in kubectl; the plugin caches nothing]:PATH:_files' \
'--disable-compression=[Do not ask for compressed responses]::BOOL:(true false)' \
'--access[Also ask whether this identity may read and scale (SelfSubjectAccessReviews)]' \
'-h[Print help]' \
'--help[Print help]' \
'*::names -- Not accepted\: the doctor takes no positional arguments:_default' \
&& ret=0
;;
(help)
_arguments "${_arguments_options[@]}" : \
":: :_kubectl-ome__subcmd__admin__subcmd__help_commands" \
"*::: :->help" \
&& ret=0

    case $state in
    (help)
        words=($line[1] "${words[@]}")
        (( CURRENT += 1 ))
        curcontext="${curcontext%:*:*}:kubectl-ome-admin-help-command-$line[1]:"
        case $line[1] in
            (doctor)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(help)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
        esac
    ;;
esac
;;
        esac
    ;;
esac
;;
(autoscale)
_arguments "${_arguments_options[@]}" : \
'--kubeconfig=[Kubeconfig file (else \$KUBECONFIG, ~/.kube/config)]:PATH:_files' \
'--context=[The kubeconfig context to use]:NAME:_default' \
'--cluster=[The kubeconfig cluster to use]:NAME:_default' \
'--user=[The kubeconfig user to use]:NAME:_default' \
'-n+[Namespace (else the context'\''s, else default)]:NAMESPACE:_default' \
'--namespace=[Namespace (else the context'\''s, else default)]:NAMESPACE:_default' \
'--request-timeout=[Limit of one request (10s, 1m, seconds); 0 or unset\: 30s, or the command'\''s lower cap (scale\: 10s)]:DURATION:_default' \
'-s+[The API server'\''s address (https\://host\:port)]:URL:_default' \
'--server=[The API server'\''s address (https\://host\:port)]:URL:_default' \
'--token=[Bearer token for the API server]:TOKEN:_default' \
'--certificate-authority=[PEM file of the CA of the server'\''s certificate]:PATH:_files' \
'--client-certificate=[PEM file of a TLS client certificate]:PATH:_files' \
'--client-key=[PEM file of the client certificate'\''s key]:PATH:_files' \
'--insecure-skip-tls-verify=[Do not verify the server'\''s certificate (insecure)]::BOOL:(true false)' \
'--tls-server-name=[Verify the server'\''s certificate for this name]:NAME:_default' \
'--as=[User to impersonate]:USER:_default' \
'*--as-group=[Group to impersonate (repeatable)]:GROUP:_default' \
'--as-uid=[UID to impersonate]:UID:_default' \
'--cache-dir=[Accepted as in kubectl; the plugin caches nothing]:PATH:_files' \
'--disable-compression=[Do not ask for compressed responses]::BOOL:(true false)' \
'-h[Print help]' \
'--help[Print help]' \
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
'--kubeconfig=[Kubeconfig file (else \$KUBECONFIG, ~/.kube/config)]:PATH:_files' \
'--context=[The kubeconfig context to use]:NAME:_default' \
'--cluster=[The kubeconfig cluster to use]:NAME:_default' \
'--user=[The kubeconfig user to use]:NAME:_default' \
'-n+[Namespace (else the context'\''s, else default)]:NAMESPACE:_default' \
'--namespace=[Namespace (else the context'\''s, else default)]:NAMESPACE:_default' \
'--request-timeout=[Limit of one request (10s, 1m, seconds); 0 or unset\: 30s, or the command'\''s lower cap (scale\: 10s)]:DURATION:_default' \
'-s+[The API server'\''s address (https\://host\:port)]:URL:_default' \
'--server=[The API server'\''s address (https\://host\:port)]:URL:_default' \
'--token=[Bearer token for the API server]:TOKEN:_default' \
'--certificate-authority=[PEM file of the CA of the server'\''s certificate]:PATH:_files' \
'--client-certificate=[PEM file of a TLS client certificate]:PATH:_files' \
'--client-key=[PEM file of the client certificate'\''s key]:PATH:_files' \
'--insecure-skip-tls-verify=[Do not verify the server'\''s certificate (insecure)]::BOOL:(true false)' \
'--tls-server-name=[Verify the server'\''s certificate for this name]:NAME:_default' \
'--as=[User to impersonate]:USER:_default' \
'*--as-group=[Group to impersonate (repeatable)]:GROUP:_default' \
'--as-uid=[UID to impersonate]:UID:_default' \
'--cache-dir=[Accepted as in kubectl; the plugin caches nothing]:PATH:_files' \
'--disable-compression=[Do not ask for compressed responses]::BOOL:(true false)' \
'--live-scale[Also read the selected InferenceReplica and its /scale]' \
'--live-scaler[Also read the OME-managed HPA or KEDA ScaledObject]' \
'-h[Print help]' \
'--help[Print help]' \
'*::names -- The InferenceService:_default' \
&& ret=0
;;
(explain)
_arguments "${_arguments_options[@]}" : \
'-o+[Output format\: table, json or yaml]:OUTPUT:_default' \
'--output=[Output format\: table, json or yaml]:OUTPUT:_default' \
'--ome-namespace=[The namespace where OME keeps runtime ControllerRevisions]:OME_NAMESPACE:_default' \
'--kubeconfig=[Kubeconfig file (else \$KUBECONFIG, ~/.kube/config)]:PATH:_files' \
'--context=[The kubeconfig context to use]:NAME:_default' \
'--cluster=[The kubeconfig cluster to use]:NAME:_default' \
'--user=[The kubeconfig user to use]:NAME:_default' \
'-n+[Namespace (else the context'\''s, else default)]:NAMESPACE:_default' \
'--namespace=[Namespace (else the context'\''s, else default)]:NAMESPACE:_default' \
'--request-timeout=[Limit of one request (10s, 1m, seconds); 0 or unset\: 30s, or the command'\''s lower cap (scale\: 10s)]:DURATION:_default' \
'-s+[The API server'\''s address (https\://host\:port)]:URL:_default' \
'--server=[The API server'\''s address (https\://host\:port)]:URL:_default' \
'--token=[Bearer token for the API server]:TOKEN:_default' \
'--certificate-authority=[PEM file of the CA of the server'\''s certificate]:PATH:_files' \
'--client-certificate=[PEM file of a TLS client certificate]:PATH:_files' \
'--client-key=[PEM file of the client certificate'\''s key]:PATH:_files' \
'--insecure-skip-tls-verify=[Do not verify the server'\''s certificate (insecure)]::BOOL:(true false)' \
'--tls-server-name=[Verify the server'\''s certificate for this name]:NAME:_default' \
'--as=[User to impersonate]:USER:_default' \
'*--as-group=[Group to impersonate (repeatable)]:GROUP:_default' \
'--as-uid=[UID to impersonate]:UID:_default' \
'--cache-dir=[Accepted as in kubectl; the plugin caches nothing]:PATH:_files' \
'--disable-compression=[Do not ask for compressed responses]::BOOL:(true false)' \
'-h[Print help]' \
'--help[Print help]' \
'*::names -- The InferenceService:_default' \
&& ret=0
;;
(help)
_arguments "${_arguments_options[@]}" : \
":: :_kubectl-ome__subcmd__autoscale__subcmd__help_commands" \
"*::: :->help" \
&& ret=0

    case $state in
    (help)
        words=($line[1] "${words[@]}")
        (( CURRENT += 1 ))
        curcontext="${curcontext%:*:*}:kubectl-ome-autoscale-help-command-$line[1]:"
        case $line[1] in
            (status)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(explain)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(help)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
        esac
    ;;
esac
;;
        esac
    ;;
esac
;;
(instance)
_arguments "${_arguments_options[@]}" : \
'--kubeconfig=[Kubeconfig file (else \$KUBECONFIG, ~/.kube/config)]:PATH:_files' \
'--context=[The kubeconfig context to use]:NAME:_default' \
'--cluster=[The kubeconfig cluster to use]:NAME:_default' \
'--user=[The kubeconfig user to use]:NAME:_default' \
'-n+[Namespace (else the context'\''s, else default)]:NAMESPACE:_default' \
'--namespace=[Namespace (else the context'\''s, else default)]:NAMESPACE:_default' \
'--request-timeout=[Limit of one request (10s, 1m, seconds); 0 or unset\: 30s, or the command'\''s lower cap (scale\: 10s)]:DURATION:_default' \
'-s+[The API server'\''s address (https\://host\:port)]:URL:_default' \
'--server=[The API server'\''s address (https\://host\:port)]:URL:_default' \
'--token=[Bearer token for the API server]:TOKEN:_default' \
'--certificate-authority=[PEM file of the CA of the server'\''s certificate]:PATH:_files' \
'--client-certificate=[PEM file of a TLS client certificate]:PATH:_files' \
'--client-key=[PEM file of the client certificate'\''s key]:PATH:_files' \
'--insecure-skip-tls-verify=[Do not verify the server'\''s certificate (insecure)]::BOOL:(true false)' \
'--tls-server-name=[Verify the server'\''s certificate for this name]:NAME:_default' \
'--as=[User to impersonate]:USER:_default' \
'*--as-group=[Group to impersonate (repeatable)]:GROUP:_default' \
'--as-uid=[UID to impersonate]:UID:_default' \
'--cache-dir=[Accepted as in kubectl; the plugin caches nothing]:PATH:_files' \
'--disable-compression=[Do not ask for compressed responses]::BOOL:(true false)' \
'-h[Print help]' \
'--help[Print help]' \
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
'--kubeconfig=[Kubeconfig file (else \$KUBECONFIG, ~/.kube/config)]:PATH:_files' \
'--context=[The kubeconfig context to use]:NAME:_default' \
'--cluster=[The kubeconfig cluster to use]:NAME:_default' \
'--user=[The kubeconfig user to use]:NAME:_default' \
'-n+[Namespace (else the context'\''s, else default)]:NAMESPACE:_default' \
'--namespace=[Namespace (else the context'\''s, else default)]:NAMESPACE:_default' \
'--request-timeout=[Limit of one request (10s, 1m, seconds); 0 or unset\: 30s, or the command'\''s lower cap (scale\: 10s)]:DURATION:_default' \
'-s+[The API server'\''s address (https\://host\:port)]:URL:_default' \
'--server=[The API server'\''s address (https\://host\:port)]:URL:_default' \
'--token=[Bearer token for the API server]:TOKEN:_default' \
'--certificate-authority=[PEM file of the CA of the server'\''s certificate]:PATH:_files' \
'--client-certificate=[PEM file of a TLS client certificate]:PATH:_files' \
'--client-key=[PEM file of the client certificate'\''s key]:PATH:_files' \
'--insecure-skip-tls-verify=[Do not verify the server'\''s certificate (insecure)]::BOOL:(true false)' \
'--tls-server-name=[Verify the server'\''s certificate for this name]:NAME:_default' \
'--as=[User to impersonate]:USER:_default' \
'*--as-group=[Group to impersonate (repeatable)]:GROUP:_default' \
'--as-uid=[UID to impersonate]:UID:_default' \
'--cache-dir=[Accepted as in kubectl; the plugin caches nothing]:PATH:_files' \
'--disable-compression=[Do not ask for compressed responses]::BOOL:(true false)' \
'-h[Print help]' \
'--help[Print help]' \
'*::names -- The InferenceService:_default' \
&& ret=0
;;
(status)
_arguments "${_arguments_options[@]}" : \
'--component=[The component\: engine, decoder or router (required)]:COMPONENT:_default' \
'-o+[Output format\: table, wide, json or yaml]:OUTPUT:_default' \
'--output=[Output format\: table, wide, json or yaml]:OUTPUT:_default' \
'--ome-namespace=[The namespace where OME keeps runtime ControllerRevisions]:OME_NAMESPACE:_default' \
'--kubeconfig=[Kubeconfig file (else \$KUBECONFIG, ~/.kube/config)]:PATH:_files' \
'--context=[The kubeconfig context to use]:NAME:_default' \
'--cluster=[The kubeconfig cluster to use]:NAME:_default' \
'--user=[The kubeconfig user to use]:NAME:_default' \
'-n+[Namespace (else the context'\''s, else default)]:NAMESPACE:_default' \
'--namespace=[Namespace (else the context'\''s, else default)]:NAMESPACE:_default' \
'--request-timeout=[Limit of one request (10s, 1m, seconds); 0 or unset\: 30s, or the command'\''s lower cap (scale\: 10s)]:DURATION:_default' \
'-s+[The API server'\''s address (https\://host\:port)]:URL:_default' \
'--server=[The API server'\''s address (https\://host\:port)]:URL:_default' \
'--token=[Bearer token for the API server]:TOKEN:_default' \
'--certificate-authority=[PEM file of the CA of the server'\''s certificate]:PATH:_files' \
'--client-certificate=[PEM file of a TLS client certificate]:PATH:_files' \
'--client-key=[PEM file of the client certificate'\''s key]:PATH:_files' \
'--insecure-skip-tls-verify=[Do not verify the server'\''s certificate (insecure)]::BOOL:(true false)' \
'--tls-server-name=[Verify the server'\''s certificate for this name]:NAME:_default' \
'--as=[User to impersonate]:USER:_default' \
'*--as-group=[Group to impersonate (repeatable)]:GROUP:_default' \
'--as-uid=[UID to impersonate]:UID:_default' \
'--cache-dir=[Accepted as in kubectl; the plugin caches nothing]:PATH:_files' \
'--disable-compression=[Do not ask for compressed responses]::BOOL:(true false)' \
'-h[Print help]' \
'--help[Print help]' \
'*::names -- The InferenceService and the Instance index:_default' \
&& ret=0
;;
(retry-blocks)
_arguments "${_arguments_options[@]}" : \
'--component=[The component\: engine, decoder or router (required)]:COMPONENT:_default' \
'-o+[Output format\: table, json or yaml]:OUTPUT:_default' \
'--output=[Output format\: table, json or yaml]:OUTPUT:_default' \
'--kubeconfig=[Kubeconfig file (else \$KUBECONFIG, ~/.kube/config)]:PATH:_files' \
'--context=[The kubeconfig context to use]:NAME:_default' \
'--cluster=[The kubeconfig cluster to use]:NAME:_default' \
'--user=[The kubeconfig user to use]:NAME:_default' \
'-n+[Namespace (else the context'\''s, else default)]:NAMESPACE:_default' \
'--namespace=[Namespace (else the context'\''s, else default)]:NAMESPACE:_default' \
'--request-timeout=[Limit of one request (10s, 1m, seconds); 0 or unset\: 30s, or the command'\''s lower cap (scale\: 10s)]:DURATION:_default' \
'-s+[The API server'\''s address (https\://host\:port)]:URL:_default' \
'--server=[The API server'\''s address (https\://host\:port)]:URL:_default' \
'--token=[Bearer token for the API server]:TOKEN:_default' \
'--certificate-authority=[PEM file of the CA of the server'\''s certificate]:PATH:_files' \
'--client-certificate=[PEM file of a TLS client certificate]:PATH:_files' \
'--client-key=[PEM file of the client certificate'\''s key]:PATH:_files' \
'--insecure-skip-tls-verify=[Do not verify the server'\''s certificate (insecure)]::BOOL:(true false)' \
'--tls-server-name=[Verify the server'\''s certificate for this name]:NAME:_default' \
'--as=[User to impersonate]:USER:_default' \
'*--as-group=[Group to impersonate (repeatable)]:GROUP:_default' \
'--as-uid=[UID to impersonate]:UID:_default' \
'--cache-dir=[Accepted as in kubectl; the plugin caches nothing]:PATH:_files' \
'--disable-compression=[Do not ask for compressed responses]::BOOL:(true false)' \
'-h[Print help]' \
'--help[Print help]' \
'*::names -- The InferenceService:_default' \
&& ret=0
;;
(release-held)
_arguments "${_arguments_options[@]}" : \
'--component=[The component\: engine, decoder or router (required)]:COMPONENT:_default' \
'--revision=[The Held revision\: its full name or its 8 hex (required)]:REVISION:_default' \
'--yes=[Confirm the request without a prompt (required)]::BOOL:(true false)' \
'--dry-run=[none; client (nothing is sent); server (checked, not stored)]:DRY_RUN:_default' \
'-o+[Output format\: table, wide, json or yaml]:OUTPUT:_default' \
'--output=[Output format\: table, wide, json or yaml]:OUTPUT:_default' \
'--ome-namespace=[Namespace of OME'\''s runtime ControllerRevisions]:OME_NAMESPACE:_default' \
'--kubeconfig=[Kubeconfig file (else \$KUBECONFIG, ~/.kube/config)]:PATH:_files' \
'--context=[The kubeconfig context to use]:NAME:_default' \
'--cluster=[The kubeconfig cluster to use]:NAME:_default' \
'--user=[The kubeconfig user to use]:NAME:_default' \
'-n+[Namespace (else the context'\''s, else default)]:NAMESPACE:_default' \
'--namespace=[Namespace (else the context'\''s, else default)]:NAMESPACE:_default' \
'--request-timeout=[Limit of one request (10s, 1m, seconds); 0 or unset\: 30s, or the command'\''s lower cap (scale\: 10s)]:DURATION:_default' \
'-s+[The API server'\''s address (https\://host\:port)]:URL:_default' \
'--server=[The API server'\''s address (https\://host\:port)]:URL:_default' \
'--token=[Bearer token for the API server]:TOKEN:_default' \
'--certificate-authority=[PEM file of the CA of the server'\''s certificate]:PATH:_files' \
'--client-certificate=[PEM file of a TLS client certificate]:PATH:_files' \
'--client-key=[PEM file of the client certificate'\''s key]:PATH:_files' \
'--insecure-skip-tls-verify=[Do not verify the server'\''s certificate (insecure)]::BOOL:(true false)' \
'--tls-server-name=[Verify the server'\''s certificate for this name]:NAME:_default' \
'--as=[User to impersonate]:USER:_default' \
'*--as-group=[Group to impersonate (repeatable)]:GROUP:_default' \
'--as-uid=[UID to impersonate]:UID:_default' \
'--cache-dir=[Accepted as in kubectl; the plugin caches nothing]:PATH:_files' \
'--disable-compression=[Do not ask for compressed responses]::BOOL:(true false)' \
'-h[Print help]' \
'--help[Print help]' \
'*::names -- The InferenceService:_default' \
&& ret=0
;;
(help)
_arguments "${_arguments_options[@]}" : \
":: :_kubectl-ome__subcmd__instance__subcmd__help_commands" \
"*::: :->help" \
&& ret=0

    case $state in
    (help)
        words=($line[1] "${words[@]}")
        (( CURRENT += 1 ))
        curcontext="${curcontext%:*:*}:kubectl-ome-instance-help-command-$line[1]:"
        case $line[1] in
            (list)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(status)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(retry-blocks)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(release-held)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(help)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
        esac
    ;;
esac
;;
        esac
    ;;
esac
;;
(migration)
_arguments "${_arguments_options[@]}" : \
'--kubeconfig=[Kubeconfig file (else \$KUBECONFIG, ~/.kube/config)]:PATH:_files' \
'--context=[The kubeconfig context to use]:NAME:_default' \
'--cluster=[The kubeconfig cluster to use]:NAME:_default' \
'--user=[The kubeconfig user to use]:NAME:_default' \
'-n+[Namespace (else the context'\''s, else default)]:NAMESPACE:_default' \
'--namespace=[Namespace (else the context'\''s, else default)]:NAMESPACE:_default' \
'--request-timeout=[Limit of one request (10s, 1m, seconds); 0 or unset\: 30s, or the command'\''s lower cap (scale\: 10s)]:DURATION:_default' \
'-s+[The API server'\''s address (https\://host\:port)]:URL:_default' \
'--server=[The API server'\''s address (https\://host\:port)]:URL:_default' \
'--token=[Bearer token for the API server]:TOKEN:_default' \
'--certificate-authority=[PEM file of the CA of the server'\''s certificate]:PATH:_files' \
'--client-certificate=[PEM file of a TLS client certificate]:PATH:_files' \
'--client-key=[PEM file of the client certificate'\''s key]:PATH:_files' \
'--insecure-skip-tls-verify=[Do not verify the server'\''s certificate (insecure)]::BOOL:(true false)' \
'--tls-server-name=[Verify the server'\''s certificate for this name]:NAME:_default' \
'--as=[User to impersonate]:USER:_default' \
'*--as-group=[Group to impersonate (repeatable)]:GROUP:_default' \
'--as-uid=[UID to impersonate]:UID:_default' \
'--cache-dir=[Accepted as in kubectl; the plugin caches nothing]:PATH:_files' \
'--disable-compression=[Do not ask for compressed responses]::BOOL:(true false)' \
'-h[Print help]' \
'--help[Print help]' \
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
'--kubeconfig=[Kubeconfig file (else \$KUBECONFIG, ~/.kube/config)]:PATH:_files' \
'--context=[The kubeconfig context to use]:NAME:_default' \
'--cluster=[The kubeconfig cluster to use]:NAME:_default' \
'--user=[The kubeconfig user to use]:NAME:_default' \
'-n+[Namespace (else the context'\''s, else default)]:NAMESPACE:_default' \
'--namespace=[Namespace (else the context'\''s, else default)]:NAMESPACE:_default' \
'--request-timeout=[Limit of one request (10s, 1m, seconds); 0 or unset\: 30s, or the command'\''s lower cap (scale\: 10s)]:DURATION:_default' \
'-s+[The API server'\''s address (https\://host\:port)]:URL:_default' \
'--server=[The API server'\''s address (https\://host\:port)]:URL:_default' \
'--token=[Bearer token for the API server]:TOKEN:_default' \
'--certificate-authority=[PEM file of the CA of the server'\''s certificate]:PATH:_files' \
'--client-certificate=[PEM file of a TLS client certificate]:PATH:_files' \
'--client-key=[PEM file of the client certificate'\''s key]:PATH:_files' \
'--insecure-skip-tls-verify=[Do not verify the server'\''s certificate (insecure)]::BOOL:(true false)' \
'--tls-server-name=[Verify the server'\''s certificate for this name]:NAME:_default' \
'--as=[User to impersonate]:USER:_default' \
'*--as-group=[Group to impersonate (repeatable)]:GROUP:_default' \
'--as-uid=[UID to impersonate]:UID:_default' \
'--cache-dir=[Accepted as in kubectl; the plugin caches nothing]:PATH:_files' \
'--disable-compression=[Do not ask for compressed responses]::BOOL:(true false)' \
'-h[Print help]' \
'--help[Print help]' \
'*::names -- The InferenceService:_default' \
&& ret=0
;;
(help)
_arguments "${_arguments_options[@]}" : \
":: :_kubectl-ome__subcmd__migration__subcmd__help_commands" \
"*::: :->help" \
&& ret=0

    case $state in
    (help)
        words=($line[1] "${words[@]}")
        (( CURRENT += 1 ))
        curcontext="${curcontext%:*:*}:kubectl-ome-migration-help-command-$line[1]:"
        case $line[1] in
            (status)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(help)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
        esac
    ;;
esac
;;
        esac
    ;;
esac
;;
(rollout)
_arguments "${_arguments_options[@]}" : \
'--kubeconfig=[Kubeconfig file (else \$KUBECONFIG, ~/.kube/config)]:PATH:_files' \
'--context=[The kubeconfig context to use]:NAME:_default' \
'--cluster=[The kubeconfig cluster to use]:NAME:_default' \
'--user=[The kubeconfig user to use]:NAME:_default' \
'-n+[Namespace (else the context'\''s, else default)]:NAMESPACE:_default' \
'--namespace=[Namespace (else the context'\''s, else default)]:NAMESPACE:_default' \
'--request-timeout=[Limit of one request (10s, 1m, seconds); 0 or unset\: 30s, or the command'\''s lower cap (scale\: 10s)]:DURATION:_default' \
'-s+[The API server'\''s address (https\://host\:port)]:URL:_default' \
'--server=[The API server'\''s address (https\://host\:port)]:URL:_default' \
'--token=[Bearer token for the API server]:TOKEN:_default' \
'--certificate-authority=[PEM file of the CA of the server'\''s certificate]:PATH:_files' \
'--client-certificate=[PEM file of a TLS client certificate]:PATH:_files' \
'--client-key=[PEM file of the client certificate'\''s key]:PATH:_files' \
'--insecure-skip-tls-verify=[Do not verify the server'\''s certificate (insecure)]::BOOL:(true false)' \
'--tls-server-name=[Verify the server'\''s certificate for this name]:NAME:_default' \
'--as=[User to impersonate]:USER:_default' \
'*--as-group=[Group to impersonate (repeatable)]:GROUP:_default' \
'--as-uid=[UID to impersonate]:UID:_default' \
'--cache-dir=[Accepted as in kubectl; the plugin caches nothing]:PATH:_files' \
'--disable-compression=[Do not ask for compressed responses]::BOOL:(true false)' \
'-h[Print help]' \
'--help[Print help]' \
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
'--kubeconfig=[Kubeconfig file (else \$KUBECONFIG, ~/.kube/config)]:PATH:_files' \
'--context=[The kubeconfig context to use]:NAME:_default' \
'--cluster=[The kubeconfig cluster to use]:NAME:_default' \
'--user=[The kubeconfig user to use]:NAME:_default' \
'-n+[Namespace (else the context'\''s, else default)]:NAMESPACE:_default' \
'--namespace=[Namespace (else the context'\''s, else default)]:NAMESPACE:_default' \
'--request-timeout=[Limit of one request (10s, 1m, seconds); 0 or unset\: 30s, or the command'\''s lower cap (scale\: 10s)]:DURATION:_default' \
'-s+[The API server'\''s address (https\://host\:port)]:URL:_default' \
'--server=[The API server'\''s address (https\://host\:port)]:URL:_default' \
'--token=[Bearer token for the API server]:TOKEN:_default' \
'--certificate-authority=[PEM file of the CA of the server'\''s certificate]:PATH:_files' \
'--client-certificate=[PEM file of a TLS client certificate]:PATH:_files' \
'--client-key=[PEM file of the client certificate'\''s key]:PATH:_files' \
'--insecure-skip-tls-verify=[Do not verify the server'\''s certificate (insecure)]::BOOL:(true false)' \
'--tls-server-name=[Verify the server'\''s certificate for this name]:NAME:_default' \
'--as=[User to impersonate]:USER:_default' \
'*--as-group=[Group to impersonate (repeatable)]:GROUP:_default' \
'--as-uid=[UID to impersonate]:UID:_default' \
'--cache-dir=[Accepted as in kubectl; the plugin caches nothing]:PATH:_files' \
'--disable-compression=[Do not ask for compressed responses]::BOOL:(true false)' \
'-h[Print help]' \
'--help[Print help]' \
'*::names -- The InferenceService:_default' \
&& ret=0
;;
(explain)
_arguments "${_arguments_options[@]}" : \
'-o+[Output format\: table, wide, json or yaml]:OUTPUT:_default' \
'--output=[Output format\: table, wide, json or yaml]:OUTPUT:_default' \
'--kubeconfig=[Kubeconfig file (else \$KUBECONFIG, ~/.kube/config)]:PATH:_files' \
'--context=[The kubeconfig context to use]:NAME:_default' \
'--cluster=[The kubeconfig cluster to use]:NAME:_default' \
'--user=[The kubeconfig user to use]:NAME:_default' \
'-n+[Namespace (else the context'\''s, else default)]:NAMESPACE:_default' \
'--namespace=[Namespace (else the context'\''s, else default)]:NAMESPACE:_default' \
'--request-timeout=[Limit of one request (10s, 1m, seconds); 0 or unset\: 30s, or the command'\''s lower cap (scale\: 10s)]:DURATION:_default' \
'-s+[The API server'\''s address (https\://host\:port)]:URL:_default' \
'--server=[The API server'\''s address (https\://host\:port)]:URL:_default' \
'--token=[Bearer token for the API server]:TOKEN:_default' \
'--certificate-authority=[PEM file of the CA of the server'\''s certificate]:PATH:_files' \
'--client-certificate=[PEM file of a TLS client certificate]:PATH:_files' \
'--client-key=[PEM file of the client certificate'\''s key]:PATH:_files' \
'--insecure-skip-tls-verify=[Do not verify the server'\''s certificate (insecure)]::BOOL:(true false)' \
'--tls-server-name=[Verify the server'\''s certificate for this name]:NAME:_default' \
'--as=[User to impersonate]:USER:_default' \
'*--as-group=[Group to impersonate (repeatable)]:GROUP:_default' \
'--as-uid=[UID to impersonate]:UID:_default' \
'--cache-dir=[Accepted as in kubectl; the plugin caches nothing]:PATH:_files' \
'--disable-compression=[Do not ask for compressed responses]::BOOL:(true false)' \
'-h[Print help]' \
'--help[Print help]' \
'*::names -- The InferenceService:_default' \
&& ret=0
;;
(pause)
_arguments "${_arguments_options[@]}" : \
'--yes=[Confirm the request without a prompt (required)]::BOOL:(true false)' \
'--dry-run=[none; client (nothing is sent); server (checked, not stored)]:DRY_RUN:_default' \
'-o+[Output format\: table, wide, json or yaml]:OUTPUT:_default' \
'--output=[Output format\: table, wide, json or yaml]:OUTPUT:_default' \
'--ome-namespace=[Namespace of OME'\''s runtime ControllerRevisions]:OME_NAMESPACE:_default' \
'--kubeconfig=[Kubeconfig file (else \$KUBECONFIG, ~/.kube/config)]:PATH:_files' \
'--context=[The kubeconfig context to use]:NAME:_default' \
'--cluster=[The kubeconfig cluster to use]:NAME:_default' \
'--user=[The kubeconfig user to use]:NAME:_default' \
'-n+[Namespace (else the context'\''s, else default)]:NAMESPACE:_default' \
'--namespace=[Namespace (else the context'\''s, else default)]:NAMESPACE:_default' \
'--request-timeout=[Limit of one request (10s, 1m, seconds); 0 or unset\: 30s, or the command'\''s lower cap (scale\: 10s)]:DURATION:_default' \
'-s+[The API server'\''s address (https\://host\:port)]:URL:_default' \
'--server=[The API server'\''s address (https\://host\:port)]:URL:_default' \
'--token=[Bearer token for the API server]:TOKEN:_default' \
'--certificate-authority=[PEM file of the CA of the server'\''s certificate]:PATH:_files' \
'--client-certificate=[PEM file of a TLS client certificate]:PATH:_files' \
'--client-key=[PEM file of the client certificate'\''s key]:PATH:_files' \
'--insecure-skip-tls-verify=[Do not verify the server'\''s certificate (insecure)]::BOOL:(true false)' \
'--tls-server-name=[Verify the server'\''s certificate for this name]:NAME:_default' \
'--as=[User to impersonate]:USER:_default' \
'*--as-group=[Group to impersonate (repeatable)]:GROUP:_default' \
'--as-uid=[UID to impersonate]:UID:_default' \
'--cache-dir=[Accepted as in kubectl; the plugin caches nothing]:PATH:_files' \
'--disable-compression=[Do not ask for compressed responses]::BOOL:(true false)' \
'-h[Print help]' \
'--help[Print help]' \
'*::names -- The InferenceService:_default' \
&& ret=0
;;
(resume)
_arguments "${_arguments_options[@]}" : \
'--discard-pending-actions=[Remove a present promote or rollback mailbox in the same write (requires --yes)]::BOOL:(true false)' \
'--yes=[Confirm the request without a prompt (required)]::BOOL:(true false)' \
'--dry-run=[none; client (nothing is sent); server (checked, not stored)]:DRY_RUN:_default' \
'-o+[Output format\: table, wide, json or yaml]:OUTPUT:_default' \
'--output=[Output format\: table, wide, json or yaml]:OUTPUT:_default' \
'--ome-namespace=[Namespace of OME'\''s runtime ControllerRevisions]:OME_NAMESPACE:_default' \
'--kubeconfig=[Kubeconfig file (else \$KUBECONFIG, ~/.kube/config)]:PATH:_files' \
'--context=[The kubeconfig context to use]:NAME:_default' \
'--cluster=[The kubeconfig cluster to use]:NAME:_default' \
'--user=[The kubeconfig user to use]:NAME:_default' \
'-n+[Namespace (else the context'\''s, else default)]:NAMESPACE:_default' \
'--namespace=[Namespace (else the context'\''s, else default)]:NAMESPACE:_default' \
'--request-timeout=[Limit of one request (10s, 1m, seconds); 0 or unset\: 30s, or the command'\''s lower cap (scale\: 10s)]:DURATION:_default' \
'-s+[The API server'\''s address (https\://host\:port)]:URL:_default' \
'--server=[The API server'\''s address (https\://host\:port)]:URL:_default' \
'--token=[Bearer token for the API server]:TOKEN:_default' \
'--certificate-authority=[PEM file of the CA of the server'\''s certificate]:PATH:_files' \
'--client-certificate=[PEM file of a TLS client certificate]:PATH:_files' \
'--client-key=[PEM file of the client certificate'\''s key]:PATH:_files' \
'--insecure-skip-tls-verify=[Do not verify the server'\''s certificate (insecure)]::BOOL:(true false)' \
'--tls-server-name=[Verify the server'\''s certificate for this name]:NAME:_default' \
'--as=[User to impersonate]:USER:_default' \
'*--as-group=[Group to impersonate (repeatable)]:GROUP:_default' \
'--as-uid=[UID to impersonate]:UID:_default' \
'--cache-dir=[Accepted as in kubectl; the plugin caches nothing]:PATH:_files' \
'--disable-compression=[Do not ask for compressed responses]::BOOL:(true false)' \
'-h[Print help]' \
'--help[Print help]' \
'*::names -- The InferenceService:_default' \
&& ret=0
;;
(help)
_arguments "${_arguments_options[@]}" : \
":: :_kubectl-ome__subcmd__rollout__subcmd__help_commands" \
"*::: :->help" \
&& ret=0

    case $state in
    (help)
        words=($line[1] "${words[@]}")
        (( CURRENT += 1 ))
        curcontext="${curcontext%:*:*}:kubectl-ome-rollout-help-command-$line[1]:"
        case $line[1] in
            (status)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(explain)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(pause)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(resume)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(help)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
        esac
    ;;
esac
;;
        esac
    ;;
esac
;;
(runtime)
_arguments "${_arguments_options[@]}" : \
'--kubeconfig=[Kubeconfig file (else \$KUBECONFIG, ~/.kube/config)]:PATH:_files' \
'--context=[The kubeconfig context to use]:NAME:_default' \
'--cluster=[The kubeconfig cluster to use]:NAME:_default' \
'--user=[The kubeconfig user to use]:NAME:_default' \
'-n+[Namespace (else the context'\''s, else default)]:NAMESPACE:_default' \
'--namespace=[Namespace (else the context'\''s, else default)]:NAMESPACE:_default' \
'--request-timeout=[Limit of one request (10s, 1m, seconds); 0 or unset\: 30s, or the command'\''s lower cap (scale\: 10s)]:DURATION:_default' \
'-s+[The API server'\''s address (https\://host\:port)]:URL:_default' \
'--server=[The API server'\''s address (https\://host\:port)]:URL:_default' \
'--token=[Bearer token for the API server]:TOKEN:_default' \
'--certificate-authority=[PEM file of the CA of the server'\''s certificate]:PATH:_files' \
'--client-certificate=[PEM file of a TLS client certificate]:PATH:_files' \
'--client-key=[PEM file of the client certificate'\''s key]:PATH:_files' \
'--insecure-skip-tls-verify=[Do not verify the server'\''s certificate (insecure)]::BOOL:(true false)' \
'--tls-server-name=[Verify the server'\''s certificate for this name]:NAME:_default' \
'--as=[User to impersonate]:USER:_default' \
'*--as-group=[Group to impersonate (repeatable)]:GROUP:_default' \
'--as-uid=[UID to impersonate]:UID:_default' \
'--cache-dir=[Accepted as in kubectl; the plugin caches nothing]:PATH:_files' \
'--disable-compression=[Do not ask for compressed responses]::BOOL:(true false)' \
'-h[Print help]' \
'--help[Print help]' \
":: :_kubectl-ome__subcmd__runtime_commands" \
"*::: :->runtime" \
&& ret=0

    case $state in
    (runtime)
        words=($line[1] "${words[@]}")
        (( CURRENT += 1 ))
        curcontext="${curcontext%:*:*}:kubectl-ome-runtime-command-$line[1]:"
        case $line[1] in
            (effective)
_arguments "${_arguments_options[@]}" : \
'-o+[Output format\: table, wide, json or yaml]:OUTPUT:_default' \
'--output=[Output format\: table, wide, json or yaml]:OUTPUT:_default' \
'--ome-namespace=[The namespace where OME keeps runtime ControllerRevisions]:OME_NAMESPACE:_default' \
'--kubeconfig=[Kubeconfig file (else \$KUBECONFIG, ~/.kube/config)]:PATH:_files' \
'--context=[The kubeconfig context to use]:NAME:_default' \
'--cluster=[The kubeconfig cluster to use]:NAME:_default' \
'--user=[The kubeconfig user to use]:NAME:_default' \
'-n+[Namespace (else the context'\''s, else default)]:NAMESPACE:_default' \
'--namespace=[Namespace (else the context'\''s, else default)]:NAMESPACE:_default' \
'--request-timeout=[Limit of one request (10s, 1m, seconds); 0 or unset\: 30s, or the command'\''s lower cap (scale\: 10s)]:DURATION:_default' \
'-s+[The API server'\''s address (https\://host\:port)]:URL:_default' \
'--server=[The API server'\''s address (https\://host\:port)]:URL:_default' \
'--token=[Bearer token for the API server]:TOKEN:_default' \
'--certificate-authority=[PEM file of the CA of the server'\''s certificate]:PATH:_files' \
'--client-certificate=[PEM file of a TLS client certificate]:PATH:_files' \
'--client-key=[PEM file of the client certificate'\''s key]:PATH:_files' \
'--insecure-skip-tls-verify=[Do not verify the server'\''s certificate (insecure)]::BOOL:(true false)' \
'--tls-server-name=[Verify the server'\''s certificate for this name]:NAME:_default' \
'--as=[User to impersonate]:USER:_default' \
'*--as-group=[Group to impersonate (repeatable)]:GROUP:_default' \
'--as-uid=[UID to impersonate]:UID:_default' \
'--cache-dir=[Accepted as in kubectl; the plugin caches nothing]:PATH:_files' \
'--disable-compression=[Do not ask for compressed responses]::BOOL:(true false)' \
'-h[Print help]' \
'--help[Print help]' \
'*::names -- The InferenceService:_default' \
&& ret=0
;;
(explain)
_arguments "${_arguments_options[@]}" : \
'--model=[A BaseModel in the namespace, else the ClusterBaseModel of that name]:NAME:_default' \
'--isvc=[An InferenceService\: its model, accelerator classes and deployment modes]:NAME:_default' \
'--kubeconfig=[Kubeconfig file (else \$KUBECONFIG, ~/.kube/config)]:PATH:_files' \
'--context=[The kubeconfig context to use]:NAME:_default' \
'--cluster=[The kubeconfig cluster to use]:NAME:_default' \
'--user=[The kubeconfig user to use]:NAME:_default' \
'-n+[Namespace (else the context'\''s, else default)]:NAMESPACE:_default' \
'--namespace=[Namespace (else the context'\''s, else default)]:NAMESPACE:_default' \
'--request-timeout=[Limit of one request (10s, 1m, seconds); 0 or unset\: 30s, or the command'\''s lower cap (scale\: 10s)]:DURATION:_default' \
'-s+[The API server'\''s address (https\://host\:port)]:URL:_default' \
'--server=[The API server'\''s address (https\://host\:port)]:URL:_default' \
'--token=[Bearer token for the API server]:TOKEN:_default' \
'--certificate-authority=[PEM file of the CA of the server'\''s certificate]:PATH:_files' \
'--client-certificate=[PEM file of a TLS client certificate]:PATH:_files' \
'--client-key=[PEM file of the client certificate'\''s key]:PATH:_files' \
'--insecure-skip-tls-verify=[Do not verify the server'\''s certificate (insecure)]::BOOL:(true false)' \
'--tls-server-name=[Verify the server'\''s certificate for this name]:NAME:_default' \
'--as=[User to impersonate]:USER:_default' \
'*--as-group=[Group to impersonate (repeatable)]:GROUP:_default' \
'--as-uid=[UID to impersonate]:UID:_default' \
'--cache-dir=[Accepted as in kubectl; the plugin caches nothing]:PATH:_files' \
'--disable-compression=[Do not ask for compressed responses]::BOOL:(true false)' \
'-h[Print help]' \
'--help[Print help]' \
'*::names -- Not accepted\: explain takes no positional arguments:_default' \
&& ret=0
;;
(help)
_arguments "${_arguments_options[@]}" : \
":: :_kubectl-ome__subcmd__runtime__subcmd__help_commands" \
"*::: :->help" \
&& ret=0

    case $state in
    (help)
        words=($line[1] "${words[@]}")
        (( CURRENT += 1 ))
        curcontext="${curcontext%:*:*}:kubectl-ome-runtime-help-command-$line[1]:"
        case $line[1] in
            (effective)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(explain)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(help)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
        esac
    ;;
esac
;;
        esac
    ;;
esac
;;
(scale)
_arguments "${_arguments_options[@]}" : \
'--component=[The component\: engine, decoder or router]:COMPONENT:_default' \
'--replicas=[The requested Instance count (positive, base-10)]:REPLICAS:_default' \
'--current-replicas=[Precondition\: write only while the current count (the /scale spec.replicas) is this]:N:_default' \
'-o+[Output format\: table, wide, json or yaml]:OUTPUT:_default' \
'--output=[Output format\: table, wide, json or yaml]:OUTPUT:_default' \
'--dry-run=[none; client (nothing is sent); server (checked, not stored)]:DRY_RUN:_default' \
'--override-autoscaler=[Accept that the count'\''s owner may undo it (required)]::BOOL:(true false)' \
'--yes=[Confirm the request without a prompt]::BOOL:(true false)' \
'--ome-namespace=[Namespace of OME'\''s runtime ControllerRevisions]:OME_NAMESPACE:_default' \
'--kubeconfig=[Kubeconfig file (else \$KUBECONFIG, ~/.kube/config)]:PATH:_files' \
'--context=[The kubeconfig context to use]:NAME:_default' \
'--cluster=[The kubeconfig cluster to use]:NAME:_default' \
'--user=[The kubeconfig user to use]:NAME:_default' \
'-n+[Namespace (else the context'\''s, else default)]:NAMESPACE:_default' \
'--namespace=[Namespace (else the context'\''s, else default)]:NAMESPACE:_default' \
'--request-timeout=[Limit of one request (10s, 1m, seconds); 0 or unset\: 30s, or the command'\''s lower cap (scale\: 10s)]:DURATION:_default' \
'-s+[The API server'\''s address (https\://host\:port)]:URL:_default' \
'--server=[The API server'\''s address (https\://host\:port)]:URL:_default' \
'--token=[Bearer token for the API server]:TOKEN:_default' \
'--certificate-authority=[PEM file of the CA of the server'\''s certificate]:PATH:_files' \
'--client-certificate=[PEM file of a TLS client certificate]:PATH:_files' \
'--client-key=[PEM file of the client certificate'\''s key]:PATH:_files' \
'--insecure-skip-tls-verify=[Do not verify the server'\''s certificate (insecure)]::BOOL:(true false)' \
'--tls-server-name=[Verify the server'\''s certificate for this name]:NAME:_default' \
'--as=[User to impersonate]:USER:_default' \
'*--as-group=[Group to impersonate (repeatable)]:GROUP:_default' \
'--as-uid=[UID to impersonate]:UID:_default' \
'--cache-dir=[Accepted as in kubectl; the plugin caches nothing]:PATH:_files' \
'--disable-compression=[Do not ask for compressed responses]::BOOL:(true false)' \
'-h[Print help]' \
'--help[Print help]' \
'*::names -- The InferenceService:_default' \
&& ret=0
;;
(status)
_arguments "${_arguments_options[@]}" : \
'-o+[Output format\: table, wide, json or yaml]:OUTPUT:_default' \
'--output=[Output format\: table, wide, json or yaml]:OUTPUT:_default' \
'--ome-namespace=[The namespace where OME keeps runtime ControllerRevisions]:OME_NAMESPACE:_default' \
'--kubeconfig=[Kubeconfig file (else \$KUBECONFIG, ~/.kube/config)]:PATH:_files' \
'--context=[The kubeconfig context to use]:NAME:_default' \
'--cluster=[The kubeconfig cluster to use]:NAME:_default' \
'--user=[The kubeconfig user to use]:NAME:_default' \
'-n+[Namespace (else the context'\''s, else default)]:NAMESPACE:_default' \
'--namespace=[Namespace (else the context'\''s, else default)]:NAMESPACE:_default' \
'--request-timeout=[Limit of one request (10s, 1m, seconds); 0 or unset\: 30s, or the command'\''s lower cap (scale\: 10s)]:DURATION:_default' \
'-s+[The API server'\''s address (https\://host\:port)]:URL:_default' \
'--server=[The API server'\''s address (https\://host\:port)]:URL:_default' \
'--token=[Bearer token for the API server]:TOKEN:_default' \
'--certificate-authority=[PEM file of the CA of the server'\''s certificate]:PATH:_files' \
'--client-certificate=[PEM file of a TLS client certificate]:PATH:_files' \
'--client-key=[PEM file of the client certificate'\''s key]:PATH:_files' \
'--insecure-skip-tls-verify=[Do not verify the server'\''s certificate (insecure)]::BOOL:(true false)' \
'--tls-server-name=[Verify the server'\''s certificate for this name]:NAME:_default' \
'--as=[User to impersonate]:USER:_default' \
'*--as-group=[Group to impersonate (repeatable)]:GROUP:_default' \
'--as-uid=[UID to impersonate]:UID:_default' \
'--cache-dir=[Accepted as in kubectl; the plugin caches nothing]:PATH:_files' \
'--disable-compression=[Do not ask for compressed responses]::BOOL:(true false)' \
'-h[Print help]' \
'--help[Print help]' \
'*::names -- The InferenceService:_default' \
&& ret=0
;;
(logs)
_arguments "${_arguments_options[@]}" : \
'-c+[The component\: engine, decoder or router (not a container)]:COMPONENT:_default' \
'--component=[The component\: engine, decoder or router (not a container)]:COMPONENT:_default' \
'--instance=[An OMENative Instance index; requires --component or a full --revision]:INDEX:_default' \
'--revision=[A revision\: 8 lowercase hex characters, or <inferenceservice>-<component>-<hash>]:REVISION:_default' \
'--container=[The container to read in every selected pod]:CONTAINER:_default' \
'-f+[Keep the streams open and print new lines]::BOOL:(true false)' \
'--follow=[Keep the streams open and print new lines]::BOOL:(true false)' \
'--tail=[Lines per pod; a negative value means all, 0 prints no history]:TAIL:_default' \
'--since=[Only lines newer than this duration (e.g. 10s, 5m); 0 means no bound]:SINCE:_default' \
'--max-log-requests=[With --follow, the most concurrent log streams]:MAX_LOG_REQUESTS:_default' \
'--limit-bytes=[Bytes per pod, one-shot reads only; 0 means no limit]:LIMIT_BYTES:_default' \
'--kubeconfig=[Kubeconfig file (else \$KUBECONFIG, ~/.kube/config)]:PATH:_files' \
'--context=[The kubeconfig context to use]:NAME:_default' \
'--cluster=[The kubeconfig cluster to use]:NAME:_default' \
'--user=[The kubeconfig user to use]:NAME:_default' \
'-n+[Namespace (else the context'\''s, else default)]:NAMESPACE:_default' \
'--namespace=[Namespace (else the context'\''s, else default)]:NAMESPACE:_default' \
'--request-timeout=[Limit of one request (10s, 1m, seconds); 0 or unset\: 30s, or the command'\''s lower cap (scale\: 10s)]:DURATION:_default' \
'-s+[The API server'\''s address (https\://host\:port)]:URL:_default' \
'--server=[The API server'\''s address (https\://host\:port)]:URL:_default' \
'--token=[Bearer token for the API server]:TOKEN:_default' \
'--certificate-authority=[PEM file of the CA of the server'\''s certificate]:PATH:_files' \
'--client-certificate=[PEM file of a TLS client certificate]:PATH:_files' \
'--client-key=[PEM file of the client certificate'\''s key]:PATH:_files' \
'--insecure-skip-tls-verify=[Do not verify the server'\''s certificate (insecure)]::BOOL:(true false)' \
'--tls-server-name=[Verify the server'\''s certificate for this name]:NAME:_default' \
'--as=[User to impersonate]:USER:_default' \
'*--as-group=[Group to impersonate (repeatable)]:GROUP:_default' \
'--as-uid=[UID to impersonate]:UID:_default' \
'--cache-dir=[Accepted as in kubectl; the plugin caches nothing]:PATH:_files' \
'--disable-compression=[Do not ask for compressed responses]::BOOL:(true false)' \
'-h[Print help]' \
'--help[Print help]' \
'*::names -- The InferenceService:_default' \
&& ret=0
;;
(version)
_arguments "${_arguments_options[@]}" : \
'--ome-namespace=[Namespace of the ome-controller-manager]:OME_NAMESPACE:_default' \
'--kubeconfig=[Kubeconfig file (else \$KUBECONFIG, ~/.kube/config)]:PATH:_files' \
'--context=[The kubeconfig context to use]:NAME:_default' \
'--cluster=[The kubeconfig cluster to use]:NAME:_default' \
'--user=[The kubeconfig user to use]:NAME:_default' \
'-n+[Namespace (else the context'\''s, else default)]:NAMESPACE:_default' \
'--namespace=[Namespace (else the context'\''s, else default)]:NAMESPACE:_default' \
'--request-timeout=[Limit of one request (10s, 1m, seconds); 0 or unset\: 30s, or the command'\''s lower cap (scale\: 10s)]:DURATION:_default' \
'-s+[The API server'\''s address (https\://host\:port)]:URL:_default' \
'--server=[The API server'\''s address (https\://host\:port)]:URL:_default' \
'--token=[Bearer token for the API server]:TOKEN:_default' \
'--certificate-authority=[PEM file of the CA of the server'\''s certificate]:PATH:_files' \
'--client-certificate=[PEM file of a TLS client certificate]:PATH:_files' \
'--client-key=[PEM file of the client certificate'\''s key]:PATH:_files' \
'--insecure-skip-tls-verify=[Do not verify the server'\''s certificate (insecure)]::BOOL:(true false)' \
'--tls-server-name=[Verify the server'\''s certificate for this name]:NAME:_default' \
'--as=[User to impersonate]:USER:_default' \
'*--as-group=[Group to impersonate (repeatable)]:GROUP:_default' \
'--as-uid=[UID to impersonate]:UID:_default' \
'--cache-dir=[Accepted as in kubectl; the plugin caches nothing]:PATH:_files' \
'--disable-compression=[Do not ask for compressed responses]::BOOL:(true false)' \
'--client[Only the client version (nothing is read)]' \
'-h[Print help]' \
'--help[Print help]' \
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
'--kubeconfig=[Kubeconfig file (else \$KUBECONFIG, ~/.kube/config)]:PATH:_files' \
'--context=[The kubeconfig context to use]:NAME:_default' \
'--cluster=[The kubeconfig cluster to use]:NAME:_default' \
'--user=[The kubeconfig user to use]:NAME:_default' \
'-n+[Namespace (else the context'\''s, else default)]:NAMESPACE:_default' \
'--namespace=[Namespace (else the context'\''s, else default)]:NAMESPACE:_default' \
'--request-timeout=[Limit of one request (10s, 1m, seconds); 0 or unset\: 30s, or the command'\''s lower cap (scale\: 10s)]:DURATION:_default' \
'-s+[The API server'\''s address (https\://host\:port)]:URL:_default' \
'--server=[The API server'\''s address (https\://host\:port)]:URL:_default' \
'--token=[Bearer token for the API server]:TOKEN:_default' \
'--certificate-authority=[PEM file of the CA of the server'\''s certificate]:PATH:_files' \
'--client-certificate=[PEM file of a TLS client certificate]:PATH:_files' \
'--client-key=[PEM file of the client certificate'\''s key]:PATH:_files' \
'--insecure-skip-tls-verify=[Do not verify the server'\''s certificate (insecure)]::BOOL:(true false)' \
'--tls-server-name=[Verify the server'\''s certificate for this name]:NAME:_default' \
'--as=[User to impersonate]:USER:_default' \
'*--as-group=[Group to impersonate (repeatable)]:GROUP:_default' \
'--as-uid=[UID to impersonate]:UID:_default' \
'--cache-dir=[Accepted as in kubectl; the plugin caches nothing]:PATH:_files' \
'--disable-compression=[Do not ask for compressed responses]::BOOL:(true false)' \
'-h[Print help]' \
'--help[Print help]' \
'*::names -- The InferenceService:_default' \
&& ret=0
;;
(completion)
_arguments "${_arguments_options[@]}" : \
'--kubeconfig=[Kubeconfig file (else \$KUBECONFIG, ~/.kube/config)]:PATH:_files' \
'--context=[The kubeconfig context to use]:NAME:_default' \
'--cluster=[The kubeconfig cluster to use]:NAME:_default' \
'--user=[The kubeconfig user to use]:NAME:_default' \
'-n+[Namespace (else the context'\''s, else default)]:NAMESPACE:_default' \
'--namespace=[Namespace (else the context'\''s, else default)]:NAMESPACE:_default' \
'--request-timeout=[Limit of one request (10s, 1m, seconds); 0 or unset\: 30s, or the command'\''s lower cap (scale\: 10s)]:DURATION:_default' \
'-s+[The API server'\''s address (https\://host\:port)]:URL:_default' \
'--server=[The API server'\''s address (https\://host\:port)]:URL:_default' \
'--token=[Bearer token for the API server]:TOKEN:_default' \
'--certificate-authority=[PEM file of the CA of the server'\''s certificate]:PATH:_files' \
'--client-certificate=[PEM file of a TLS client certificate]:PATH:_files' \
'--client-key=[PEM file of the client certificate'\''s key]:PATH:_files' \
'--insecure-skip-tls-verify=[Do not verify the server'\''s certificate (insecure)]::BOOL:(true false)' \
'--tls-server-name=[Verify the server'\''s certificate for this name]:NAME:_default' \
'--as=[User to impersonate]:USER:_default' \
'*--as-group=[Group to impersonate (repeatable)]:GROUP:_default' \
'--as-uid=[UID to impersonate]:UID:_default' \
'--cache-dir=[Accepted as in kubectl; the plugin caches nothing]:PATH:_files' \
'--disable-compression=[Do not ask for compressed responses]::BOOL:(true false)' \
'-h[Print help]' \
'--help[Print help]' \
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
'--kubeconfig=[Kubeconfig file (else \$KUBECONFIG, ~/.kube/config)]:PATH:_files' \
'--context=[The kubeconfig context to use]:NAME:_default' \
'--cluster=[The kubeconfig cluster to use]:NAME:_default' \
'--user=[The kubeconfig user to use]:NAME:_default' \
'-n+[Namespace (else the context'\''s, else default)]:NAMESPACE:_default' \
'--namespace=[Namespace (else the context'\''s, else default)]:NAMESPACE:_default' \
'--request-timeout=[Limit of one request (10s, 1m, seconds); 0 or unset\: 30s, or the command'\''s lower cap (scale\: 10s)]:DURATION:_default' \
'-s+[The API server'\''s address (https\://host\:port)]:URL:_default' \
'--server=[The API server'\''s address (https\://host\:port)]:URL:_default' \
'--token=[Bearer token for the API server]:TOKEN:_default' \
'--certificate-authority=[PEM file of the CA of the server'\''s certificate]:PATH:_files' \
'--client-certificate=[PEM file of a TLS client certificate]:PATH:_files' \
'--client-key=[PEM file of the client certificate'\''s key]:PATH:_files' \
'--insecure-skip-tls-verify=[Do not verify the server'\''s certificate (insecure)]::BOOL:(true false)' \
'--tls-server-name=[Verify the server'\''s certificate for this name]:NAME:_default' \
'--as=[User to impersonate]:USER:_default' \
'*--as-group=[Group to impersonate (repeatable)]:GROUP:_default' \
'--as-uid=[UID to impersonate]:UID:_default' \
'--cache-dir=[Accepted as in kubectl; the plugin caches nothing]:PATH:_files' \
'--disable-compression=[Do not ask for compressed responses]::BOOL:(true false)' \
'-h[Print help]' \
'--help[Print help]' \
&& ret=0
;;
(help)
_arguments "${_arguments_options[@]}" : \
":: :_kubectl-ome__subcmd__completion__subcmd__help_commands" \
"*::: :->help" \
&& ret=0

    case $state in
    (help)
        words=($line[1] "${words[@]}")
        (( CURRENT += 1 ))
        curcontext="${curcontext%:*:*}:kubectl-ome-completion-help-command-$line[1]:"
        case $line[1] in
            (install)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(help)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
        esac
    ;;
esac
;;
        esac
    ;;
esac
;;
(help)
_arguments "${_arguments_options[@]}" : \
":: :_kubectl-ome__subcmd__help_commands" \
"*::: :->help" \
&& ret=0

    case $state in
    (help)
        words=($line[1] "${words[@]}")
        (( CURRENT += 1 ))
        curcontext="${curcontext%:*:*}:kubectl-ome-help-command-$line[1]:"
        case $line[1] in
            (admin)
_arguments "${_arguments_options[@]}" : \
":: :_kubectl-ome__subcmd__help__subcmd__admin_commands" \
"*::: :->admin" \
&& ret=0

    case $state in
    (admin)
        words=($line[1] "${words[@]}")
        (( CURRENT += 1 ))
        curcontext="${curcontext%:*:*}:kubectl-ome-help-admin-command-$line[1]:"
        case $line[1] in
            (doctor)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
        esac
    ;;
esac
;;
(autoscale)
_arguments "${_arguments_options[@]}" : \
":: :_kubectl-ome__subcmd__help__subcmd__autoscale_commands" \
"*::: :->autoscale" \
&& ret=0

    case $state in
    (autoscale)
        words=($line[1] "${words[@]}")
        (( CURRENT += 1 ))
        curcontext="${curcontext%:*:*}:kubectl-ome-help-autoscale-command-$line[1]:"
        case $line[1] in
            (status)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(explain)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
        esac
    ;;
esac
;;
(instance)
_arguments "${_arguments_options[@]}" : \
":: :_kubectl-ome__subcmd__help__subcmd__instance_commands" \
"*::: :->instance" \
&& ret=0

    case $state in
    (instance)
        words=($line[1] "${words[@]}")
        (( CURRENT += 1 ))
        curcontext="${curcontext%:*:*}:kubectl-ome-help-instance-command-$line[1]:"
        case $line[1] in
            (list)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(status)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(retry-blocks)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(release-held)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
        esac
    ;;
esac
;;
(migration)
_arguments "${_arguments_options[@]}" : \
":: :_kubectl-ome__subcmd__help__subcmd__migration_commands" \
"*::: :->migration" \
&& ret=0

    case $state in
    (migration)
        words=($line[1] "${words[@]}")
        (( CURRENT += 1 ))
        curcontext="${curcontext%:*:*}:kubectl-ome-help-migration-command-$line[1]:"
        case $line[1] in
            (status)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
        esac
    ;;
esac
;;
(rollout)
_arguments "${_arguments_options[@]}" : \
":: :_kubectl-ome__subcmd__help__subcmd__rollout_commands" \
"*::: :->rollout" \
&& ret=0

    case $state in
    (rollout)
        words=($line[1] "${words[@]}")
        (( CURRENT += 1 ))
        curcontext="${curcontext%:*:*}:kubectl-ome-help-rollout-command-$line[1]:"
        case $line[1] in
            (status)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(explain)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(pause)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(resume)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
        esac
    ;;
esac
;;
(runtime)
_arguments "${_arguments_options[@]}" : \
":: :_kubectl-ome__subcmd__help__subcmd__runtime_commands" \
"*::: :->runtime" \
&& ret=0

    case $state in
    (runtime)
        words=($line[1] "${words[@]}")
        (( CURRENT += 1 ))
        curcontext="${curcontext%:*:*}:kubectl-ome-help-runtime-command-$line[1]:"
        case $line[1] in
            (effective)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(explain)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
        esac
    ;;
esac
;;
(scale)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(status)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(logs)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(version)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(wait)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(completion)
_arguments "${_arguments_options[@]}" : \
":: :_kubectl-ome__subcmd__help__subcmd__completion_commands" \
"*::: :->completion" \
&& ret=0

    case $state in
    (completion)
        words=($line[1] "${words[@]}")
        (( CURRENT += 1 ))
        curcontext="${curcontext%:*:*}:kubectl-ome-help-completion-command-$line[1]:"
        case $line[1] in
            (install)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
        esac
    ;;
esac
;;
(help)
_arguments "${_arguments_options[@]}" : \
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
'admin:Administer and check the OME installation' \
'autoscale:Inspect autoscaling configuration and evidence' \
'instance:Inspect controller-reported logical instances' \
'migration:Inspect OMENative migrations' \
'rollout:Inspect InferenceService rollouts' \
'runtime:Inspect OME runtime selection and configuration' \
'scale:Guard a transient, positive replica request for an OMENative component (alpha)' \
'status:Show the full readiness story of an InferenceService' \
'logs:Stream logs from the pods behind an InferenceService' \
'version:Print the client, OME operator and Kubernetes server versions' \
'wait:Wait for reported service, replica, or runtime-sync state' \
'completion:Print a shell completion script (bash, zsh, fish, powershell), or install the completion entry for \`kubectl ome <TAB>\`' \
'help:Print this message or the help of the given subcommand(s)' \
    )
    _describe -t commands 'kubectl-ome commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__admin_commands] )) ||
_kubectl-ome__subcmd__admin_commands() {
    local commands; commands=(
'doctor:Inspect bounded current-context OME diagnostic evidence' \
'help:Print this message or the help of the given subcommand(s)' \
    )
    _describe -t commands 'kubectl-ome admin commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__admin__subcmd__doctor_commands] )) ||
_kubectl-ome__subcmd__admin__subcmd__doctor_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome admin doctor commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__admin__subcmd__help_commands] )) ||
_kubectl-ome__subcmd__admin__subcmd__help_commands() {
    local commands; commands=(
'doctor:Inspect bounded current-context OME diagnostic evidence' \
'help:Print this message or the help of the given subcommand(s)' \
    )
    _describe -t commands 'kubectl-ome admin help commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__admin__subcmd__help__subcmd__doctor_commands] )) ||
_kubectl-ome__subcmd__admin__subcmd__help__subcmd__doctor_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome admin help doctor commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__admin__subcmd__help__subcmd__help_commands] )) ||
_kubectl-ome__subcmd__admin__subcmd__help__subcmd__help_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome admin help help commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__autoscale_commands] )) ||
_kubectl-ome__subcmd__autoscale_commands() {
    local commands; commands=(
'status:Show controller-reported autoscaling status' \
'explain:Explain effective and reported autoscaling' \
'help:Print this message or the help of the given subcommand(s)' \
    )
    _describe -t commands 'kubectl-ome autoscale commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__autoscale__subcmd__explain_commands] )) ||
_kubectl-ome__subcmd__autoscale__subcmd__explain_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome autoscale explain commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__autoscale__subcmd__help_commands] )) ||
_kubectl-ome__subcmd__autoscale__subcmd__help_commands() {
    local commands; commands=(
'status:Show controller-reported autoscaling status' \
'explain:Explain effective and reported autoscaling' \
'help:Print this message or the help of the given subcommand(s)' \
    )
    _describe -t commands 'kubectl-ome autoscale help commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__autoscale__subcmd__help__subcmd__explain_commands] )) ||
_kubectl-ome__subcmd__autoscale__subcmd__help__subcmd__explain_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome autoscale help explain commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__autoscale__subcmd__help__subcmd__help_commands] )) ||
_kubectl-ome__subcmd__autoscale__subcmd__help__subcmd__help_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome autoscale help help commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__autoscale__subcmd__help__subcmd__status_commands] )) ||
_kubectl-ome__subcmd__autoscale__subcmd__help__subcmd__status_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome autoscale help status commands' commands "$@"
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
'help:Print this message or the help of the given subcommand(s)' \
    )
    _describe -t commands 'kubectl-ome completion commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__completion__subcmd__help_commands] )) ||
_kubectl-ome__subcmd__completion__subcmd__help_commands() {
    local commands; commands=(
'install:Install the completion entry for \`kubectl ome <TAB>\`' \
'help:Print this message or the help of the given subcommand(s)' \
    )
    _describe -t commands 'kubectl-ome completion help commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__completion__subcmd__help__subcmd__help_commands] )) ||
_kubectl-ome__subcmd__completion__subcmd__help__subcmd__help_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome completion help help commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__completion__subcmd__help__subcmd__install_commands] )) ||
_kubectl-ome__subcmd__completion__subcmd__help__subcmd__install_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome completion help install commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__completion__subcmd__install_commands] )) ||
_kubectl-ome__subcmd__completion__subcmd__install_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome completion install commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__help_commands] )) ||
_kubectl-ome__subcmd__help_commands() {
    local commands; commands=(
'admin:Administer and check the OME installation' \
'autoscale:Inspect autoscaling configuration and evidence' \
'instance:Inspect controller-reported logical instances' \
'migration:Inspect OMENative migrations' \
'rollout:Inspect InferenceService rollouts' \
'runtime:Inspect OME runtime selection and configuration' \
'scale:Guard a transient, positive replica request for an OMENative component (alpha)' \
'status:Show the full readiness story of an InferenceService' \
'logs:Stream logs from the pods behind an InferenceService' \
'version:Print the client, OME operator and Kubernetes server versions' \
'wait:Wait for reported service, replica, or runtime-sync state' \
'completion:Print a shell completion script (bash, zsh, fish, powershell), or install the completion entry for \`kubectl ome <TAB>\`' \
'help:Print this message or the help of the given subcommand(s)' \
    )
    _describe -t commands 'kubectl-ome help commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__help__subcmd__admin_commands] )) ||
_kubectl-ome__subcmd__help__subcmd__admin_commands() {
    local commands; commands=(
'doctor:Inspect bounded current-context OME diagnostic evidence' \
    )
    _describe -t commands 'kubectl-ome help admin commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__help__subcmd__admin__subcmd__doctor_commands] )) ||
_kubectl-ome__subcmd__help__subcmd__admin__subcmd__doctor_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome help admin doctor commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__help__subcmd__autoscale_commands] )) ||
_kubectl-ome__subcmd__help__subcmd__autoscale_commands() {
    local commands; commands=(
'status:Show controller-reported autoscaling status' \
'explain:Explain effective and reported autoscaling' \
    )
    _describe -t commands 'kubectl-ome help autoscale commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__help__subcmd__autoscale__subcmd__explain_commands] )) ||
_kubectl-ome__subcmd__help__subcmd__autoscale__subcmd__explain_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome help autoscale explain commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__help__subcmd__autoscale__subcmd__status_commands] )) ||
_kubectl-ome__subcmd__help__subcmd__autoscale__subcmd__status_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome help autoscale status commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__help__subcmd__completion_commands] )) ||
_kubectl-ome__subcmd__help__subcmd__completion_commands() {
    local commands; commands=(
'install:Install the completion entry for \`kubectl ome <TAB>\`' \
    )
    _describe -t commands 'kubectl-ome help completion commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__help__subcmd__completion__subcmd__install_commands] )) ||
_kubectl-ome__subcmd__help__subcmd__completion__subcmd__install_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome help completion install commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__help__subcmd__help_commands] )) ||
_kubectl-ome__subcmd__help__subcmd__help_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome help help commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__help__subcmd__instance_commands] )) ||
_kubectl-ome__subcmd__help__subcmd__instance_commands() {
    local commands; commands=(
'list:List controller-reported logical instances' \
'status:Show one logical instance and bounded live evidence' \
'retry-blocks:Show controller-reported retry authority' \
'release-held:Alpha\: request release of one exact Held revision' \
    )
    _describe -t commands 'kubectl-ome help instance commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__help__subcmd__instance__subcmd__list_commands] )) ||
_kubectl-ome__subcmd__help__subcmd__instance__subcmd__list_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome help instance list commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__help__subcmd__instance__subcmd__release-held_commands] )) ||
_kubectl-ome__subcmd__help__subcmd__instance__subcmd__release-held_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome help instance release-held commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__help__subcmd__instance__subcmd__retry-blocks_commands] )) ||
_kubectl-ome__subcmd__help__subcmd__instance__subcmd__retry-blocks_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome help instance retry-blocks commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__help__subcmd__instance__subcmd__status_commands] )) ||
_kubectl-ome__subcmd__help__subcmd__instance__subcmd__status_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome help instance status commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__help__subcmd__logs_commands] )) ||
_kubectl-ome__subcmd__help__subcmd__logs_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome help logs commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__help__subcmd__migration_commands] )) ||
_kubectl-ome__subcmd__help__subcmd__migration_commands() {
    local commands; commands=(
'status:Show live InferenceReplica migration status' \
    )
    _describe -t commands 'kubectl-ome help migration commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__help__subcmd__migration__subcmd__status_commands] )) ||
_kubectl-ome__subcmd__help__subcmd__migration__subcmd__status_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome help migration status commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__help__subcmd__rollout_commands] )) ||
_kubectl-ome__subcmd__help__subcmd__rollout_commands() {
    local commands; commands=(
'status:Show rollout progress for an InferenceService' \
'explain:Explain rollout intent, effective plan, and observed progress' \
'pause:Alpha\: guarded service-wide rollout pause' \
'resume:Alpha\: guarded service-wide rollout resume' \
    )
    _describe -t commands 'kubectl-ome help rollout commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__help__subcmd__rollout__subcmd__explain_commands] )) ||
_kubectl-ome__subcmd__help__subcmd__rollout__subcmd__explain_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome help rollout explain commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__help__subcmd__rollout__subcmd__pause_commands] )) ||
_kubectl-ome__subcmd__help__subcmd__rollout__subcmd__pause_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome help rollout pause commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__help__subcmd__rollout__subcmd__resume_commands] )) ||
_kubectl-ome__subcmd__help__subcmd__rollout__subcmd__resume_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome help rollout resume commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__help__subcmd__rollout__subcmd__status_commands] )) ||
_kubectl-ome__subcmd__help__subcmd__rollout__subcmd__status_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome help rollout status commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__help__subcmd__runtime_commands] )) ||
_kubectl-ome__subcmd__help__subcmd__runtime_commands() {
    local commands; commands=(
'effective:Show effective runtime evidence for an InferenceService' \
'explain:Explain which serving runtimes match a model and why' \
    )
    _describe -t commands 'kubectl-ome help runtime commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__help__subcmd__runtime__subcmd__effective_commands] )) ||
_kubectl-ome__subcmd__help__subcmd__runtime__subcmd__effective_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome help runtime effective commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__help__subcmd__runtime__subcmd__explain_commands] )) ||
_kubectl-ome__subcmd__help__subcmd__runtime__subcmd__explain_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome help runtime explain commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__help__subcmd__scale_commands] )) ||
_kubectl-ome__subcmd__help__subcmd__scale_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome help scale commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__help__subcmd__status_commands] )) ||
_kubectl-ome__subcmd__help__subcmd__status_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome help status commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__help__subcmd__version_commands] )) ||
_kubectl-ome__subcmd__help__subcmd__version_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome help version commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__help__subcmd__wait_commands] )) ||
_kubectl-ome__subcmd__help__subcmd__wait_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome help wait commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__instance_commands] )) ||
_kubectl-ome__subcmd__instance_commands() {
    local commands; commands=(
'list:List controller-reported logical instances' \
'status:Show one logical instance and bounded live evidence' \
'retry-blocks:Show controller-reported retry authority' \
'release-held:Alpha\: request release of one exact Held revision' \
'help:Print this message or the help of the given subcommand(s)' \
    )
    _describe -t commands 'kubectl-ome instance commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__instance__subcmd__help_commands] )) ||
_kubectl-ome__subcmd__instance__subcmd__help_commands() {
    local commands; commands=(
'list:List controller-reported logical instances' \
'status:Show one logical instance and bounded live evidence' \
'retry-blocks:Show controller-reported retry authority' \
'release-held:Alpha\: request release of one exact Held revision' \
'help:Print this message or the help of the given subcommand(s)' \
    )
    _describe -t commands 'kubectl-ome instance help commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__instance__subcmd__help__subcmd__help_commands] )) ||
_kubectl-ome__subcmd__instance__subcmd__help__subcmd__help_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome instance help help commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__instance__subcmd__help__subcmd__list_commands] )) ||
_kubectl-ome__subcmd__instance__subcmd__help__subcmd__list_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome instance help list commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__instance__subcmd__help__subcmd__release-held_commands] )) ||
_kubectl-ome__subcmd__instance__subcmd__help__subcmd__release-held_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome instance help release-held commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__instance__subcmd__help__subcmd__retry-blocks_commands] )) ||
_kubectl-ome__subcmd__instance__subcmd__help__subcmd__retry-blocks_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome instance help retry-blocks commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__instance__subcmd__help__subcmd__status_commands] )) ||
_kubectl-ome__subcmd__instance__subcmd__help__subcmd__status_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome instance help status commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__instance__subcmd__list_commands] )) ||
_kubectl-ome__subcmd__instance__subcmd__list_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome instance list commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__instance__subcmd__release-held_commands] )) ||
_kubectl-ome__subcmd__instance__subcmd__release-held_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome instance release-held commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__instance__subcmd__retry-blocks_commands] )) ||
_kubectl-ome__subcmd__instance__subcmd__retry-blocks_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome instance retry-blocks commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__instance__subcmd__status_commands] )) ||
_kubectl-ome__subcmd__instance__subcmd__status_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome instance status commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__logs_commands] )) ||
_kubectl-ome__subcmd__logs_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome logs commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__migration_commands] )) ||
_kubectl-ome__subcmd__migration_commands() {
    local commands; commands=(
'status:Show live InferenceReplica migration status' \
'help:Print this message or the help of the given subcommand(s)' \
    )
    _describe -t commands 'kubectl-ome migration commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__migration__subcmd__help_commands] )) ||
_kubectl-ome__subcmd__migration__subcmd__help_commands() {
    local commands; commands=(
'status:Show live InferenceReplica migration status' \
'help:Print this message or the help of the given subcommand(s)' \
    )
    _describe -t commands 'kubectl-ome migration help commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__migration__subcmd__help__subcmd__help_commands] )) ||
_kubectl-ome__subcmd__migration__subcmd__help__subcmd__help_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome migration help help commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__migration__subcmd__help__subcmd__status_commands] )) ||
_kubectl-ome__subcmd__migration__subcmd__help__subcmd__status_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome migration help status commands' commands "$@"
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
'explain:Explain rollout intent, effective plan, and observed progress' \
'pause:Alpha\: guarded service-wide rollout pause' \
'resume:Alpha\: guarded service-wide rollout resume' \
'help:Print this message or the help of the given subcommand(s)' \
    )
    _describe -t commands 'kubectl-ome rollout commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__rollout__subcmd__explain_commands] )) ||
_kubectl-ome__subcmd__rollout__subcmd__explain_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome rollout explain commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__rollout__subcmd__help_commands] )) ||
_kubectl-ome__subcmd__rollout__subcmd__help_commands() {
    local commands; commands=(
'status:Show rollout progress for an InferenceService' \
'explain:Explain rollout intent, effective plan, and observed progress' \
'pause:Alpha\: guarded service-wide rollout pause' \
'resume:Alpha\: guarded service-wide rollout resume' \
'help:Print this message or the help of the given subcommand(s)' \
    )
    _describe -t commands 'kubectl-ome rollout help commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__rollout__subcmd__help__subcmd__explain_commands] )) ||
_kubectl-ome__subcmd__rollout__subcmd__help__subcmd__explain_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome rollout help explain commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__rollout__subcmd__help__subcmd__help_commands] )) ||
_kubectl-ome__subcmd__rollout__subcmd__help__subcmd__help_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome rollout help help commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__rollout__subcmd__help__subcmd__pause_commands] )) ||
_kubectl-ome__subcmd__rollout__subcmd__help__subcmd__pause_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome rollout help pause commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__rollout__subcmd__help__subcmd__resume_commands] )) ||
_kubectl-ome__subcmd__rollout__subcmd__help__subcmd__resume_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome rollout help resume commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__rollout__subcmd__help__subcmd__status_commands] )) ||
_kubectl-ome__subcmd__rollout__subcmd__help__subcmd__status_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome rollout help status commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__rollout__subcmd__pause_commands] )) ||
_kubectl-ome__subcmd__rollout__subcmd__pause_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome rollout pause commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__rollout__subcmd__resume_commands] )) ||
_kubectl-ome__subcmd__rollout__subcmd__resume_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome rollout resume commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__rollout__subcmd__status_commands] )) ||
_kubectl-ome__subcmd__rollout__subcmd__status_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome rollout status commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__runtime_commands] )) ||
_kubectl-ome__subcmd__runtime_commands() {
    local commands; commands=(
'effective:Show effective runtime evidence for an InferenceService' \
'explain:Explain which serving runtimes match a model and why' \
'help:Print this message or the help of the given subcommand(s)' \
    )
    _describe -t commands 'kubectl-ome runtime commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__runtime__subcmd__effective_commands] )) ||
_kubectl-ome__subcmd__runtime__subcmd__effective_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome runtime effective commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__runtime__subcmd__explain_commands] )) ||
_kubectl-ome__subcmd__runtime__subcmd__explain_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome runtime explain commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__runtime__subcmd__help_commands] )) ||
_kubectl-ome__subcmd__runtime__subcmd__help_commands() {
    local commands; commands=(
'effective:Show effective runtime evidence for an InferenceService' \
'explain:Explain which serving runtimes match a model and why' \
'help:Print this message or the help of the given subcommand(s)' \
    )
    _describe -t commands 'kubectl-ome runtime help commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__runtime__subcmd__help__subcmd__effective_commands] )) ||
_kubectl-ome__subcmd__runtime__subcmd__help__subcmd__effective_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome runtime help effective commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__runtime__subcmd__help__subcmd__explain_commands] )) ||
_kubectl-ome__subcmd__runtime__subcmd__help__subcmd__explain_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome runtime help explain commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__runtime__subcmd__help__subcmd__help_commands] )) ||
_kubectl-ome__subcmd__runtime__subcmd__help__subcmd__help_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome runtime help help commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__scale_commands] )) ||
_kubectl-ome__subcmd__scale_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome scale commands' commands "$@"
}
(( $+functions[_kubectl-ome__subcmd__status_commands] )) ||
_kubectl-ome__subcmd__status_commands() {
    local commands; commands=()
    _describe -t commands 'kubectl-ome status commands' commands "$@"
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
