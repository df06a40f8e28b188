package fosign

import (
	"context"
	"encoding/base64"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

// manualClock moves only when stepped or slept on (by exactly the time asked).
type manualClock struct {
	mu    sync.Mutex
	now   time.Time
	slept int
}

func (c *manualClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *manualClock) Step(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}
func (c *manualClock) Sleep(ctx context.Context, d time.Duration) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.slept++
	c.now = c.now.Add(d)
	return nil
}

var start = time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)

// Random sequences of requests (seeded, so a failure repeats), clock steps forward and back, and retries under
// WithAttempts: no state-changing signing repeats a second and content, each attempt falls in a later second than
// the one before, no time is ahead of the clock, and a read that is no retry is never held.
func TestTheLedgerNeverRepeatsAStateChangingSignature(t *testing.T) {
	methods := []string{"GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE", "post"}
	paths := []string{"/v1/a", "/v1/b", "/api/v1/customers/c/conversions/hedge"}
	bodies := []string{"", "{}", `{"quote_id":"q"}`}
	for seed := uint64(1); seed <= 300; seed++ {
		r := rand.New(rand.NewPCG(seed, 29))
		clock := &manualClock{now: start.Add(time.Duration(r.IntN(1000)) * time.Millisecond)}
		l := &ledger{}
		seen := map[string]bool{}
		for call := 0; call < 1+r.IntN(30); call++ {
			if r.IntN(4) == 0 {
				clock.Step(-time.Duration(r.IntN(3000)) * time.Millisecond)
			} else {
				clock.Step(time.Duration(r.IntN(1500)) * time.Millisecond)
			}
			method, path, hash := methods[r.IntN(len(methods))], paths[r.IntN(len(paths))], HashBody([]byte(bodies[r.IntN(len(bodies))]))
			ctx := WithAttempts(context.Background())
			var previous time.Time
			for attempt := 0; attempt <= r.IntN(4); attempt++ {
				if attempt > 0 {
					clock.Step(time.Duration(r.IntN(1200)) * time.Millisecond)
				}
				before, slept := clock.Now(), clock.slept
				at, err := l.timeFor(ctx, clock.Now, clock.Sleep, method, path, hash)
				if err != nil {
					t.Fatal(err)
				}
				if !at.Equal(clock.Now()) {
					t.Fatalf("seed %d: signed at %v, the clock reads %v", seed, at, clock.Now())
				}
				if attempt > 0 && at.Unix() <= previous.Unix() {
					t.Fatalf("seed %d: attempt %d at %v, not after %v", seed, attempt, at, previous)
				}
				if !isRead(method) {
					k := FormatTimestamp(at) + " " + strings.ToUpper(method) + " " + path + " " + hash
					if seen[k] {
						t.Fatalf("seed %d: %s signed twice", seed, k)
					}
					seen[k] = true
				} else if attempt == 0 && (!clock.Now().Equal(before) || clock.slept != slept) {
					t.Fatalf("seed %d: a read was held", seed)
				}
				previous = at
			}
		}
	}
}

func TestConcurrentSigningsOfOnePostGetDifferentSeconds(t *testing.T) {
	for n := 2; n <= 8; n++ {
		clock := &manualClock{now: start.Add(321 * time.Millisecond)}
		l := &ledger{}
		var wg sync.WaitGroup
		var mu sync.Mutex
		seconds := map[int64]bool{}
		for range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				at, err := l.timeFor(context.Background(), clock.Now, clock.Sleep, "POST", "/v1/x", HashBody([]byte("{}")))
				if err != nil {
					t.Error(err)
				}
				mu.Lock()
				seconds[at.Unix()] = true
				mu.Unlock()
			}()
		}
		wg.Wait()
		if len(seconds) != n {
			t.Errorf("%d concurrent POSTs got %d seconds", n, len(seconds))
		}
	}
}

func TestPagesOfAListAreSignedAtOnce(t *testing.T) {
	clock := &manualClock{now: start}
	l := &ledger{}
	for range 10 {
		if at, _ := l.timeFor(context.Background(), clock.Now, clock.Sleep, "GET", "/v1/x", EmptyBodyHash); !at.Equal(start) {
			t.Fatalf("a page was held until %v", at)
		}
	}
	if clock.slept != 0 {
		t.Errorf("slept %d times", clock.slept)
	}
}

func TestACanceledWaitReturnsTheContextsError(t *testing.T) {
	clock := &manualClock{now: start}
	l := &ledger{}
	if _, err := l.timeFor(context.Background(), clock.Now, clock.Sleep, "POST", "/v1/x", EmptyBodyHash); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := l.timeFor(ctx, clock.Now, clock.Sleep, "POST", "/v1/x", EmptyBodyHash); err != context.Canceled {
		t.Errorf("got %v, want context.Canceled", err)
	}
}

// Two Transports made with the same keys on the system clock (two clients, one per request handler) share the key's
// ledger: the same POST through each goes out in different seconds. Under an injected clock a Transport keeps its own.
func TestTransportsOfOneKeyOnTheSystemClockShareTheLedger(t *testing.T) {
	accessKey := fmt.Sprintf("AK_shared_%d", rand.Uint64())
	var dates []string
	var mu sync.Mutex
	record := roundTripFunc(func(req *http.Request) (*http.Response, error) {
		mu.Lock()
		dates = append(dates, req.Header.Get(DateHeader))
		mu.Unlock()
		return &http.Response{StatusCode: 201, Body: http.NoBody, Request: req}, nil
	})
	secret := base64.RawURLEncoding.EncodeToString([]byte(strings.Repeat("k", 32)))
	for range 2 {
		tr, err := NewTransport("https://svc.example", accessKey, secret, record)
		if err != nil {
			t.Fatal(err)
		}
		req, _ := http.NewRequest("POST", "https://svc.example/v1/customers/c/conversions/hedge", strings.NewReader(`{"quote_id":"q"}`))
		if _, err := tr.RoundTrip(req); err != nil {
			t.Fatal(err)
		}
	}
	if len(dates) != 2 || dates[1] <= dates[0] {
		t.Fatalf("two clients of one key signed one POST at %v", dates)
	}

	clock := &manualClock{now: time.Now()}
	tr, err := NewTransport("https://svc.example", accessKey, secret, record)
	if err != nil {
		t.Fatal(err)
	}
	tr.Now, tr.Sleep = clock.Now, clock.Sleep
	req, _ := http.NewRequest("POST", "https://svc.example/v1/customers/c/conversions/hedge", strings.NewReader(`{"quote_id":"q"}`))
	if _, err := tr.RoundTrip(req); err != nil {
		t.Fatal(err)
	}
	if clock.slept != 0 {
		t.Fatalf("a Transport on an injected clock waited on the shared ledger (%d sleeps)", clock.slept)
	}
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(req *http.Request) (*http.Response, error) { return f(req) }
