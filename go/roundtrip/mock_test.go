package roundtrip

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// mock is the project's mock (scripts/mock.mjs) in production-auth mode on 127.0.0.1, with one key.
type mock struct {
	URL, AccessKey, SecretKey string
	cmd                       *exec.Cmd
	exited                    chan struct{}
	dir                       string
}

// waitUntilListening: the front opens its port once Prism behind it listens, so a connection means ready.
func waitUntilListening(port int, exited <-chan struct{}, limit time.Duration) error {
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) {
		select {
		case <-exited:
			return fmt.Errorf("the mock exited before listening on port %d", port)
		default:
		}
		if conn, err := net.DialTimeout("tcp", fmt.Sprintf("127.0.0.1:%d", port), time.Second); err == nil {
			conn.Close()
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return fmt.Errorf("the mock did not listen on port %d within %s", port, limit)
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

func env(name, fallback string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return fallback
}

// startMock starts the mock with a fresh random key and waits until it says where it listens.
func startMock() (*mock, error) {
	dir, err := os.MkdirTemp("", "fosign-mock-")
	if err != nil {
		return nil, err
	}
	secret := make([]byte, 32)
	if _, err := rand.Read(secret); err != nil {
		return nil, err
	}
	m := &mock{AccessKey: "AK_roundtrip_go", SecretKey: base64.RawURLEncoding.EncodeToString(secret), dir: dir}
	keys, _ := json.Marshal(map[string]string{m.AccessKey: m.SecretKey})
	keysFile := filepath.Join(dir, "keys.json")
	if err := os.WriteFile(keysFile, keys, 0o600); err != nil {
		return nil, err
	}
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	script := env("FO_MOCK_SCRIPT", filepath.Join("..", "..", "scripts", "mock.mjs"))
	m.cmd = exec.Command(env("FO_NODE", "node"), script, "--auth", "production", "--keys", keysFile, "--port", fmt.Sprint(port))
	m.cmd.Stderr = os.Stderr
	if err := m.cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting the mock with %s: %w", m.cmd.Path, err)
	}
	exited := make(chan struct{})
	go func() { _ = m.cmd.Wait(); close(exited) }()
	m.exited = exited
	if err := waitUntilListening(port, exited, 60*time.Second); err != nil {
		m.stop()
		return nil, err
	}
	m.URL = fmt.Sprintf("http://127.0.0.1:%d", port)
	return m, nil
}

// stop ends the mock by its PID (it stops its Prism on SIGTERM) and removes its key file.
func (m *mock) stop() {
	if m.exited != nil {
		_ = m.cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-m.exited:
		case <-time.After(10 * time.Second):
			_ = m.cmd.Process.Kill()
			<-m.exited
		}
	}
	os.RemoveAll(m.dir)
}

var theMock *mock

func TestMain(main *testing.M) {
	var err error
	if theMock, err = startMock(); err != nil {
		fmt.Fprintln(os.Stderr, "round trip:", err)
		os.Exit(1)
	}
	code := main.Run()
	theMock.stop()
	os.Exit(code)
}
