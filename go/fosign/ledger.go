package fosign

import (
	"context"
	"strings"
	"sync"
	"time"
)

// When to sign, so that no signature is sent twice where a server may refuse it as a replay.
//
// The signature covers the access key, a timestamp of whole seconds, the method, the path (no query) and the
// body's hash: the same request signed twice within one second carries the same signature, and a server that
// refuses a repeated signature (the project's mock by default) answers the second with 401. So a state-changing
// request (anything but GET, HEAD, OPTIONS) whose signature was already handed out in the current second waits
// for the next whole second and is signed then; no timestamp is ever written ahead of the clock. Reads of one path
// within a second (pages of a list: the query is not signed) are not held apart, or a ten-page read would take ten
// seconds; reading twice changes nothing and the mock never refuses a repeated read. The attempts of one operation
// (WithAttempts, which foclient's retries use) are each signed in a later second than the one before, any method.

// ledger is what one Transport has signed in the current second; safe for concurrent use. A clock set back
// waits until it has passed the latest second signed: nothing of an earlier second is kept.
type ledger struct {
	mu     sync.Mutex
	second int64
	signed map[string]struct{}
}

type entry = string

// onSystemClock holds, per access key, the ledger that every Transport on the system clock (Now unset) shares: two
// clients made with the same keys (one per request handler, say) never hand out one signature twice either. One
// entry per access key, holding one second's requests.
var onSystemClock sync.Map

// ledger is the Transport's memory of what it signed: the access key's shared one on the system clock, its own
// under an injected clock.
func (t *Transport) ledger() *ledger {
	if t.Now != nil {
		return t.signed
	}
	l, _ := onSystemClock.LoadOrStore(t.accessKey, &ledger{})
	return l.(*ledger)
}

func isRead(method string) bool {
	switch strings.ToUpper(method) {
	case "GET", "HEAD", "OPTIONS":
		return true
	}
	return false
}

// attemptsKey marks a context whose requests are attempts of one operation.
type attemptsKey struct{}

// attempts holds the signing time of the latest attempt of one operation.
type attempts struct {
	mu   sync.Mutex
	last time.Time
	set  bool
}

// WithAttempts returns a context under which every request signed by a Transport is an attempt of one operation
// (a retry loop's): each is signed in a later second than the attempt before, whatever its method, so no retry
// repeats its attempt's signature. foclient's retries use it; a retry loop of one's own should too.
func WithAttempts(ctx context.Context) context.Context {
	return context.WithValue(ctx, attemptsKey{}, &attempts{})
}

// timeFor gives the time to sign at: now, or after waiting for the next whole second, the first time at which a
// state-changing request gets a signature not handed out before and an attempt falls in a later second than the
// one before. It records what it hands out.
func (l *ledger) timeFor(ctx context.Context, now func() time.Time, sleep func(context.Context, time.Duration) error, method, path, bodyHash string) (time.Time, error) {
	changes := !isRead(method)
	key := entry(strings.ToUpper(method) + "\n" + path + "\n" + bodyHash)
	previous, _ := ctx.Value(attemptsKey{}).(*attempts)
	for {
		l.mu.Lock()
		at := now()
		second := at.Unix()
		floor := int64(-1 << 62)
		if previous != nil {
			previous.mu.Lock()
			if previous.set {
				floor = previous.last.Unix()
			}
			previous.mu.Unlock()
		}
		_, seen := l.signed[key]
		repeats := changes && l.signed != nil && (second < l.second || (second == l.second && seen))
		if second > floor && !repeats {
			if changes {
				if l.signed == nil || second != l.second {
					l.second, l.signed = second, map[string]struct{}{}
				}
				l.signed[key] = struct{}{}
			}
			l.mu.Unlock()
			if previous != nil {
				previous.mu.Lock()
				previous.last, previous.set = at, true
				previous.mu.Unlock()
			}
			return at, nil
		}
		next := max(second, floor)
		if changes && l.signed != nil {
			next = max(next, l.second)
		}
		l.mu.Unlock()
		if err := sleep(ctx, time.Unix(next+1, 0).Sub(at)); err != nil {
			return time.Time{}, err
		}
	}
}

// sleepFor waits d or until ctx is done.
func sleepFor(ctx context.Context, d time.Duration) error {
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-timer.C:
		return nil
	}
}
