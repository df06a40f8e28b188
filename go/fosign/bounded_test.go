package fosign

import (
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
)

var boundSecret = base64.RawURLEncoding.EncodeToString([]byte(strings.Repeat("k", 32)))

// largeAnswer answers each request with size bytes, with or without a Content-Length, and records per answer
// how many body bytes it managed to send before the client closed: what the client read is at most that.
type largeAnswer struct {
	url      string
	mu       sync.Mutex
	size     int64
	declared bool
	sent     chan int64
}

const sendBuffer = 64 << 10

func serveLarge(t *testing.T) *largeAnswer {
	t.Helper()
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	a := &largeAnswer{url: "http://" + listener.Addr().String(), sent: make(chan int64, 1)}
	t.Cleanup(func() { listener.Close() })
	go func() {
		for {
			conn, err := listener.Accept()
			if err != nil {
				return
			}
			a.answer(conn.(*net.TCPConn))
		}
	}()
	return a
}

func (a *largeAnswer) set(size int64, declared bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.size, a.declared = size, declared
}

func (a *largeAnswer) answer(conn *net.TCPConn) {
	defer conn.Close()
	_ = conn.SetWriteBuffer(sendBuffer)
	a.mu.Lock()
	size, declared := a.size, a.declared
	a.mu.Unlock()
	var sent int64
	defer func() { a.sent <- sent }()
	head := make([]byte, 0, 4096)
	buf := make([]byte, 4096)
	for !strings.Contains(string(head), "\r\n\r\n") {
		n, err := conn.Read(buf)
		if err != nil {
			return
		}
		head = append(head, buf[:n]...)
	}
	header := "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n"
	if declared {
		header += "Content-Length: " + strconv.FormatInt(size, 10) + "\r\n"
	}
	if _, err := io.WriteString(conn, header+"\r\n"); err != nil {
		return
	}
	block := []byte(strings.Repeat(" ", 64<<10))
	for sent < size {
		n, err := conn.Write(block[:min(int64(len(block)), size-sent)])
		sent += int64(n)
		if err != nil {
			return // the client closed: what counts is what was sent before
		}
	}
}

// receiveWindow is the most a client's kernel may hold unread (Linux tcp_rmem's maximum): the count's slack.
func receiveWindow() int64 {
	if data, err := os.ReadFile("/proc/sys/net/ipv4/tcp_rmem"); err == nil {
		if fields := strings.Fields(string(data)); len(fields) == 3 {
			if n, err := strconv.ParseInt(fields[2], 10, 64); err == nil {
				return n
			}
		}
	}
	return 32 << 20
}

var boundPaths = []string{"/v1/customers/c0ffee00-0000-4000-8000-000000000001/rfis", "/v1/portfolios/p1/conversions"}

func get(t *testing.T, a *largeAnswer, transport http.RoundTripper, path string) ([]byte, error) {
	t.Helper()
	res, err := (&http.Client{Transport: transport}).Get(a.url + path)
	if err == nil {
		var body []byte
		body, err = io.ReadAll(res.Body)
		res.Body.Close()
		if err == nil {
			return body, nil
		}
	}
	return nil, err
}

func hook(t *testing.T, url string, limit int64) *Transport {
	t.Helper()
	transport, err := NewTransport(url, "AK_bound", boundSecret, &http.Transport{DisableKeepAlives: true})
	if err != nil {
		t.Fatal(err)
	}
	transport.MaxResponseBytes = limit
	return transport
}

// Sizes drawn around the bound (seeded, so a failure repeats), declared or not, signed path or portfolio path.
func TestAnAnswerIsPassedOnUpToTheBoundAndRefusedPastIt(t *testing.T) {
	a := serveLarge(t)
	random := rand.New(rand.NewPCG(31, 2026))
	for i := 0; i < 60; i++ {
		limit := 1 + random.Int64N(8192)
		size := max(limit+random.Int64N(4*8192)-8192, 0)
		declared := random.IntN(2) == 0
		path := boundPaths[random.IntN(len(boundPaths))]
		name := fmt.Sprintf("limit %d size %d declared %v %s", limit, size, declared, path)
		a.set(size, declared)
		body, err := get(t, a, hook(t, a.url, limit), path)
		<-a.sent
		if size <= limit {
			if err != nil || int64(len(body)) != size {
				t.Fatalf("%s: got %d bytes, %v", name, len(body), err)
			}
			continue
		}
		var tooLarge *ResponseTooLargeError
		if !errors.As(err, &tooLarge) || tooLarge.Limit != limit {
			t.Fatalf("%s: got %v", name, err)
		}
		want := "reading stopped there"
		if declared {
			want = "it was not read"
		}
		if !strings.Contains(err.Error(), want) {
			t.Fatalf("%s: %v does not say %q", name, err, want)
		}
	}
}

func TestAHundredMiBAnswerWithoutALengthStopsAtTheBound(t *testing.T) {
	a := serveLarge(t)
	for _, path := range boundPaths {
		for _, limit := range []int64{1 << 20, 0} {
			a.set(100<<20, false)
			_, err := get(t, a, hook(t, a.url, limit), path)
			sent := <-a.sent
			want := limit
			if limit == 0 {
				want = DefaultMaxResponseBytes
			}
			var tooLarge *ResponseTooLargeError
			if !errors.As(err, &tooLarge) || tooLarge.Limit != want {
				t.Fatalf("%s bound %d: got %v", path, limit, err)
			}
			if sent > want+1+receiveWindow()+sendBuffer || sent >= 100<<20 {
				t.Errorf("%s bound %d: %d bytes left the server", path, want, sent)
			}
			t.Logf("%s bound %d: the server sent %d of %d bytes", path, want, sent, 100<<20)
		}
	}
}

func TestBearerTransportBoundsItsAnswers(t *testing.T) {
	a := serveLarge(t)
	bearer, err := NewBearerTransport(a.url, "portfolio-token", &http.Transport{DisableKeepAlives: true})
	if err != nil {
		t.Fatal(err)
	}
	bearer.MaxResponseBytes = 1000
	for _, declared := range []bool{false, true} {
		a.set(1001, declared)
		_, err := get(t, a, bearer, boundPaths[1])
		<-a.sent
		var tooLarge *ResponseTooLargeError
		if !errors.As(err, &tooLarge) || tooLarge.Limit != 1000 {
			t.Errorf("declared %v: got %v", declared, err)
		}
	}
}

func TestANegativeBoundIsAnError(t *testing.T) {
	req, _ := http.NewRequest(http.MethodGet, "http://127.0.0.1:1/v1/x", nil)
	transport := hook(t, "http://127.0.0.1:1", -1)
	if _, err := transport.RoundTrip(req); err == nil || !strings.Contains(err.Error(), "MaxResponseBytes") {
		t.Errorf("got %v", err)
	}
}
