// Command ome-testenv-apiserver runs an embedded etcd and a real kube-apiserver in one process
// for kubectl-ome's tests and demo. It prepares its own PKI (CA, serving and client
// certificates, service-account key) in --dir, so no prebuilt binary or external tool is needed.
// With the first argument `kubectl`, it is kubectl instead.
// It exits when its standard input reaches EOF, so a test process that dies for any reason
// (panic, Ctrl-C, SIGKILL) never leaves it running.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"time"

	"go.etcd.io/etcd/server/v3/embed"
	"k8s.io/component-base/cli"
	"k8s.io/kubectl/pkg/cmd"
	"k8s.io/kubernetes/cmd/kube-apiserver/app"
)

func main() {
	// `ome-testenv-apiserver kubectl ...` is a pinned kubectl of the same Kubernetes version,
	// used by benchmarks to compare with `kubectl scale` without relying on the machine's kubectl.
	if len(os.Args) > 1 && os.Args[1] == "kubectl" {
		os.Args = os.Args[1:]
		os.Exit(cli.Run(cmd.NewDefaultKubectlCommand()))
	}
	dir := flag.String("dir", "", "state directory (PKI, etcd data, audit log)")
	port := flag.Int("port", 0, "secure port of the API server")
	exitOnStdinEOF := flag.Bool("exit-on-stdin-eof", true, "exit when stdin closes")
	flag.Parse()
	if *dir == "" || *port == 0 {
		fmt.Fprintln(os.Stderr, "usage: ome-testenv-apiserver --dir DIR --port PORT")
		os.Exit(2)
	}
	if err := run(*dir, *port, *exitOnStdinEOF); err != nil {
		fmt.Fprintln(os.Stderr, "ome-testenv-apiserver:", err)
		os.Exit(1)
	}
}

func run(dir string, port int, exitOnStdinEOF bool) error {
	if err := writePKI(dir); err != nil {
		return fmt.Errorf("pki: %w", err)
	}
	if exitOnStdinEOF {
		go func() {
			_, _ = io.Copy(io.Discard, os.Stdin)
			os.RemoveAll(filepath.Join(dir, "etcd"))
			os.Exit(0)
		}()
	}
	etcdURL, stop, err := startEtcd(filepath.Join(dir, "etcd"))
	if err != nil {
		return fmt.Errorf("etcd: %w", err)
	}
	defer stop()

	cmd := app.NewAPIServerCommand()
	cmd.SetArgs(apiserverArgs(dir, port, etcdURL))
	return cmd.ExecuteContext(context.Background())
}

func startEtcd(dataDir string) (string, func(), error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	clientPort := l.Addr().(*net.TCPAddr).Port
	l.Close()
	p, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	peerPort := p.Addr().(*net.TCPAddr).Port
	p.Close()

	cfg := embed.NewConfig()
	cfg.Dir = dataDir
	cfg.LogLevel = "error"
	// A throwaway store for tests: without fsync, a loaded machine (the test suite runs many
	// tests at once, on two cores) answers in milliseconds instead of timing out in etcd.
	cfg.UnsafeNoFsync = true
	clientURL, _ := url.Parse(fmt.Sprintf("http://127.0.0.1:%d", clientPort))
	peerURL, _ := url.Parse(fmt.Sprintf("http://127.0.0.1:%d", peerPort))
	cfg.ListenClientUrls = []url.URL{*clientURL}
	cfg.AdvertiseClientUrls = []url.URL{*clientURL}
	cfg.ListenPeerUrls = []url.URL{*peerURL}
	cfg.AdvertisePeerUrls = []url.URL{*peerURL}
	cfg.InitialCluster = cfg.InitialClusterFromName(cfg.Name)
	e, err := embed.StartEtcd(cfg)
	if err != nil {
		return "", nil, err
	}
	select {
	case <-e.Server.ReadyNotify():
	case <-time.After(60 * time.Second):
		e.Close()
		return "", nil, fmt.Errorf("etcd not ready after 60s")
	}
	return clientURL.String(), e.Close, nil
}

func apiserverArgs(dir string, port int, etcdURL string) []string {
	p := func(name string) string { return filepath.Join(dir, name) }
	return []string{
		"--etcd-servers=" + etcdURL,
		fmt.Sprintf("--secure-port=%d", port),
		"--bind-address=127.0.0.1",
		"--advertise-address=127.0.0.1",
		"--tls-cert-file=" + p("serving.crt"),
		"--tls-private-key-file=" + p("serving.key"),
		"--client-ca-file=" + p("ca.crt"),
		"--service-cluster-ip-range=10.0.0.0/24",
		"--service-account-issuer=https://kubernetes.default.svc",
		"--service-account-key-file=" + p("sa.key"),
		"--service-account-signing-key-file=" + p("sa.key"),
		"--authorization-mode=RBAC",
		"--token-auth-file=" + p("tokens.csv"),
		"--disable-admission-plugins=ServiceAccount",
		"--audit-policy-file=" + p("audit-policy.yaml"),
		"--audit-log-path=" + p("audit.log"),
		"--audit-log-mode=blocking",
		"--audit-log-format=json",
		"--endpoint-reconciler-type=none",
		"--enable-priority-and-fairness=false",
	}
}
