package fosign

import (
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
)

// origin is what RFC 6454 compares: scheme, host (lower case) and port, the default one filled in.
type origin struct{ scheme, host, port string }

func originOf(u *url.URL) (origin, error) {
	scheme := strings.ToLower(u.Scheme)
	port := u.Port()
	switch {
	case scheme != "http" && scheme != "https", u.Hostname() == "":
		return origin{}, fmt.Errorf("fosign: the base URL must be an absolute http or https URL, got %q", u.Redacted())
	case port == "" && scheme == "http":
		port = "80"
	case port == "":
		port = "443"
	}
	return origin{scheme, strings.ToLower(u.Hostname()), port}, nil
}

// baseOrigin is the origin a transport is bound to, from its base URL.
func baseOrigin(baseURL string) (origin, error) {
	parsed, err := url.Parse(baseURL)
	if err != nil {
		return origin{}, fmt.Errorf("fosign: the base URL does not parse: %w", err)
	}
	return originOf(parsed)
}

// refuse gives the error of a request a transport bound to own must not send (one an http.Client makes to
// follow a redirect, or one to another origin), with its body closed as a RoundTripper must; nil if it may go.
func refuse(req *http.Request, own origin, path string) error {
	if req.Response != nil {
		// http.Client sets Response on the request it makes to follow a redirect.
		closeBody(req)
		return &RedirectError{Status: req.Response.StatusCode, Location: req.URL.Redacted()}
	}
	if target, err := originOf(req.URL); err != nil || target != own {
		closeBody(req)
		return &CrossOriginError{Method: req.Method, Path: path, Target: target.String(), Base: own.String()}
	}
	return nil
}

// closeBody closes the body of a request that is not sent, as a RoundTripper must.
func closeBody(req *http.Request) {
	if req.Body != nil {
		req.Body.Close()
	}
}

func (o origin) String() string { return o.scheme + "://" + net.JoinHostPort(o.host, o.port) }

// CrossOriginError is returned, before anything is sent, for a request to an origin other than the
// Transport's base URL: a signature is only ever written for the configured origin.
type CrossOriginError struct {
	Method, Path string
	Target, Base string
}

func (e *CrossOriginError) Error() string {
	return fmt.Sprintf("fosign: refused to authenticate %s %s for %s: this transport sends credentials to %s only; nothing was sent", e.Method, e.Path, e.Target, e.Base)
}

// RedirectError is returned when an http.Client tries to follow a redirect of a signed request: the
// Transport never sends it (to another origin it would carry a valid signature, and on 307/308 the body).
// Set CheckRedirect to return http.ErrUseLastResponse to get the 3xx answer itself instead.
type RedirectError struct {
	Status   int
	Location string
}

func (e *RedirectError) Error() string {
	return fmt.Sprintf("fosign: the server answered %d with a redirect to %s; signed requests never follow redirects", e.Status, e.Location)
}
