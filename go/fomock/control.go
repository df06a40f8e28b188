package fomock

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"
)

// Fault is a fault for the next matching request (the control API's FaultSpec): Kind "status", "delay",
// "drop-before" or "drop-after"; every matcher given must hold.
type Fault struct {
	Kind        string `json:"kind"`
	OperationID string `json:"operation_id,omitempty"`
	Method      string `json:"method,omitempty"`
	Path        string `json:"path,omitempty"`
	Times       int    `json:"times,omitempty"`
	At          string `json:"at,omitempty"`
	DelayMS     int    `json:"delay_ms,omitempty"`
	Status      int    `json:"status,omitempty"`
	RetryAfter  int    `json:"retry_after,omitempty"`
	Code        string `json:"code,omitempty"`
}

// LoggedRequest is one request of the mock's log: when (virtual time), what, the operation matched, the outcome
// (a status, "drop", or "prism" when Prism answered) and the fault it met.
type LoggedRequest struct {
	Time        string `json:"time"`
	Method      string `json:"method"`
	Path        string `json:"path"`
	OperationID string `json:"operation_id"`
	Outcome     any    `json:"outcome"`
	Fault       string `json:"fault,omitempty"`
}

// ErrControlOff is what the control calls return when the mock runs without its control API (Stateless, NoControl).
var ErrControlOff = errors.New("the mock's control API is off: start it stateful with its control API (the default)")

// control makes a call to the mock's control API and decodes its answer into out (when not nil).
func (m *Mock) control(ctx context.Context, method, route string, body, out any) error {
	if m.ControlToken == "" {
		return ErrControlOff
	}
	var payload io.Reader
	if body != nil {
		data, err := json.Marshal(body)
		if err != nil {
			return err
		}
		payload = bytes.NewReader(data)
	}
	req, err := http.NewRequestWithContext(ctx, method, m.URL+"/__mock"+route, payload)
	if err != nil {
		return err
	}
	// The control API takes writes only as JSON, even with no body.
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+m.ControlToken)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	data, err := io.ReadAll(io.LimitReader(res.Body, 16<<20))
	if err != nil {
		return err
	}
	if res.StatusCode/100 != 2 {
		var refusal struct{ Error string }
		if json.Unmarshal(data, &refusal) != nil || refusal.Error == "" {
			refusal.Error = string(data[:min(len(data), 200)])
		}
		return fmt.Errorf("%s /__mock%s: %d %s", method, route, res.StatusCode, refusal.Error)
	}
	if out != nil {
		return json.Unmarshal(data, out)
	}
	return nil
}

// Reset empties every record, fault and log entry, rewinds the virtual clock and seeds the RFI cases again: the mock
// as it started, for the next test.
func (m *Mock) Reset(ctx context.Context) error { return m.control(ctx, "POST", "/reset", nil, nil) }

// AdvanceClock moves the mock's virtual clock forward (quotes expire, keys age) and returns the virtual time.
func (m *Mock) AdvanceClock(ctx context.Context, d time.Duration) (time.Time, error) {
	var clock struct{ Now time.Time }
	err := m.control(ctx, "POST", "/clock", map[string]any{"advance_ms": d.Milliseconds()}, &clock)
	return clock.Now, err
}

// AddFault adds a fault for the next matching request (Times of them) and returns its id.
func (m *Mock) AddFault(ctx context.Context, f Fault) (string, error) {
	var added struct{ ID string }
	err := m.control(ctx, "POST", "/faults", f, &added)
	return added.ID, err
}

// Requests is the mock's request log, oldest first.
func (m *Mock) Requests(ctx context.Context) ([]LoggedRequest, error) {
	var log struct{ Requests []LoggedRequest }
	err := m.control(ctx, "GET", "/requests", nil, &log)
	return log.Requests, err
}
