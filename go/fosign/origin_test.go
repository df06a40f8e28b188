package fosign

import (
	"bytes"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// Two servers on 127.0.0.1: the API's origin answers every redirect status with a Location on the other.
// The other must receive nothing (no Authorization, no X-SVC-Date, no body) and the caller sees an error.
func TestARedirectOfASignedRequestIsNeverFollowed(t *testing.T) {
	api, elsewhere := newRecorder(t), newRecorder(t)
	redirect := newRedirector(t, elsewhere.URL+"/steal")
	for _, status := range []int{301, 302, 303, 307, 308} {
		for _, method := range []string{"GET", "POST"} {
			for _, to := range []string{elsewhere.URL + "/steal", api.URL + "/v1/elsewhere"} {
				t.Run(fmt.Sprintf("%d %s to %s", status, method, to), func(t *testing.T) {
					redirect.set(status, to)
					// An access key per case: one key's Transports share a ledger, and the same POST would wait a second.
					accessKey := fmt.Sprintf("AK_origin_%d_%s_%d", status, method, len(to))
					transport, err := NewTransport(redirect.URL, accessKey, strings.Repeat("A", 43), redirect.Client().Transport)
					if err != nil {
						t.Fatal(err)
					}
					req, _ := http.NewRequest(method, redirect.URL+"/v1/customers/c/conversions/quote", bytes.NewReader([]byte(`{"amount":"1"}`)))
					res, err := (&http.Client{Transport: transport}).Do(req)
					if err == nil {
						res.Body.Close()
						t.Fatalf("followed: got %d, want an error", res.StatusCode)
					}
					var refused *RedirectError
					if !errors.As(err, &refused) || refused.Status != status || !strings.Contains(err.Error(), "never follow") {
						t.Errorf("want a *RedirectError for %d, got %v", status, err)
					}
					if got := elsewhere.take(); len(got) != 0 {
						t.Errorf("the other origin received %d requests: %+v", len(got), got[0].header)
					}
					if got := api.take(); len(got) != 0 {
						t.Errorf("the redirect's target on the same origin received %d requests", len(got))
					}
					if redirect.hits() != 1 {
						t.Errorf("want the one signed request at the API, got %d", redirect.hits())
					}
				})
			}
		}
	}
}

func TestCheckRedirectGivesTheRedirectAnswerItself(t *testing.T) {
	elsewhere := newRecorder(t)
	redirect := newRedirector(t, elsewhere.URL)
	redirect.set(302, elsewhere.URL)
	transport, _ := NewTransport(redirect.URL, "AK_origin", strings.Repeat("A", 43), redirect.Client().Transport)
	client := &http.Client{Transport: transport, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := client.Get(redirect.URL + "/all_deposit_instructions")
	if err != nil || res.StatusCode != 302 {
		t.Fatalf("got %v, %v", res, err)
	}
	res.Body.Close()
	if len(elsewhere.take()) != 0 {
		t.Error("the other origin received a request")
	}
}

func TestARequestToAnotherOriginIsRefusedBeforeSending(t *testing.T) {
	api, elsewhere := newRecorder(t), newRecorder(t)
	transport, _ := NewTransport(api.URL, "AK_origin", strings.Repeat("A", 43), api.Client().Transport)
	for _, target := range []string{elsewhere.URL + "/x", strings.Replace(api.URL, "127.0.0.1", "localhost", 1) + "/x", strings.Replace(api.URL, "http:", "https:", 1) + "/x"} {
		req, _ := http.NewRequest("POST", target, strings.NewReader("body"))
		_, err := transport.RoundTrip(req)
		var refused *CrossOriginError
		if !errors.As(err, &refused) || !strings.Contains(err.Error(), "nothing was sent") {
			t.Errorf("%s: want a *CrossOriginError, got %v", target, err)
		}
	}
	if len(api.take())+len(elsewhere.take()) != 0 {
		t.Error("a request was sent")
	}
}

func TestABaseURLThatIsNoOriginIsRefused(t *testing.T) {
	for _, base := range []string{"", "/v1", "ftp://h/", "http://", "::"} {
		if _, err := NewTransport(base, "AK", strings.Repeat("A", 43), nil); err == nil {
			t.Errorf("%q: accepted", base)
		}
	}
}
