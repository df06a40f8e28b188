package fomock

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"
)

const (
	keptLines  = 40
	shownLines = 20
	lineBytes  = 4096
)

// stopAfter is how long the mock has between SIGTERM and SIGKILL (a variable for the tests).
var stopAfter = 10 * time.Second

// output is what the mock prints (stdout and stderr on one pipe), read to its end (so a full pipe never stalls it);
// the last lines are kept, with the secrets blanked out when shown.
type output struct {
	mu      sync.Mutex
	opening string
	count   int
	lines   []string
	hide    []string
	ready   chan string
	found   bool
	readers sync.WaitGroup
}

func (o *output) follow(r io.ReadCloser) {
	o.readers.Add(1)
	go func() {
		defer o.readers.Done()
		defer r.Close()
		br := bufio.NewReaderSize(r, lineBytes)
		var line []byte
		for {
			piece, isPrefix, err := br.ReadLine()
			if len(line) < lineBytes {
				line = append(line, piece[:min(len(piece), lineBytes-len(line))]...)
			}
			if err != nil {
				if len(line) > 0 {
					o.add(string(line))
				}
				return
			}
			if !isPrefix {
				o.add(string(line))
				line = line[:0]
			}
		}
	}()
}

func (o *output) add(line string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.count == 0 {
		o.opening = line
	}
	o.count++
	o.lines = append(o.lines, line)
	if len(o.lines) > keptLines {
		o.lines = o.lines[len(o.lines)-keptLines:]
	}
	if url := readyURL(line); !o.found && url != "" {
		o.found = true
		o.ready <- url
	}
}

// settle waits a little for the readers to reach the end of what was printed (after the process ended).
func (o *output) settle(d time.Duration) {
	done := make(chan struct{})
	go func() { o.readers.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(d):
	}
}

// has says whether a kept line holds text; first is the first such line, trimmed.
func (o *output) has(text string) bool { return o.first(text) != "" }

func (o *output) first(text string) string {
	o.mu.Lock()
	defer o.mu.Unlock()
	for _, line := range o.lines {
		if strings.Contains(line, text) {
			return o.redacted(strings.TrimSpace(line))
		}
	}
	return ""
}

// redacted is text with every secret the mock was given replaced: nothing it printed shows one.
func (o *output) redacted(text string) string {
	for _, secret := range o.hide {
		if secret != "" {
			text = strings.ReplaceAll(text, secret, "REDACTED")
		}
	}
	return text
}

func (o *output) tail() string {
	o.mu.Lock()
	lines := o.lines[max(0, len(o.lines)-shownLines):]
	// The first line as well: a command that refuses its input says why there, before its usage.
	if o.count > shownLines {
		lines = append([]string{o.opening, "..."}, o.lines[len(o.lines)-shownLines+1:]...)
	}
	text := o.redacted(strings.Join(lines, "\n"))
	o.mu.Unlock()
	if strings.TrimSpace(text) == "" {
		return "; it printed nothing"
	}
	return "; its last lines:\n" + text
}

// process is the mock's process (or npx's, in front of it). Its stdin is a pipe only this process holds: the tie.
type process struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	exited chan struct{}
	once   sync.Once
}

func (p *process) hasExited() bool {
	select {
	case <-p.exited:
		return true
	default:
		return false
	}
}

// stop closes the mock's stdin, its tie to this process: it stops by itself. Where it has not ended stopAfter later
// (a command that ignores the tie), SIGTERM, then SIGKILL after as long again.
func (p *process) stop() {
	p.once.Do(func() {
		_ = p.stdin.Close()
		for _, next := range []func(){func() {}, func() { _ = p.cmd.Process.Signal(syscall.SIGTERM) }} {
			next()
			select {
			case <-p.exited:
				return
			case <-time.After(stopAfter):
			}
		}
		_ = p.cmd.Process.Kill()
		<-p.exited
	})
}

func (p *process) how() string {
	state := p.cmd.ProcessState
	if code := state.ExitCode(); code >= 0 {
		return fmt.Sprintf("exit code %d", code)
	}
	return state.String()
}

// run starts the command, tied to this process by its stdin, and waits for its ready line; cleanup is given the
// stop. The mock stays in this process's group, so a terminal's Ctrl-C reaches it too.
func run(l launch, cleanup func(func())) (url string, pid int, err error) {
	shown := strings.Join(l.argv, " ")
	// One pipe for stdout and stderr: the lines kept for an error are in the order the mock wrote them.
	outR, outW, err := os.Pipe()
	if err != nil {
		return "", 0, err
	}
	cmd := exec.Command(l.argv[0], l.argv[1:]...)
	cmd.Env = l.env
	cmd.Stdout, cmd.Stderr = outW, outW
	// The write end stays here alone (Go opens it close-on-exec): when this process ends, however it ends, the mock
	// reads the end of its stdin and stops (fo-mock --stop-on-stdin-close).
	stdin, err := cmd.StdinPipe()
	if err != nil {
		outR.Close()
		outW.Close()
		return "", 0, err
	}
	err = cmd.Start()
	// The child has its own copy of the write end: the reader's end of file is the last writer's exit.
	outW.Close()
	if err != nil {
		outR.Close()
		return "", 0, fmt.Errorf("cannot run the mock (%s): %v", shown, unwrapExec(err))
	}
	p := &process{cmd: cmd, stdin: stdin, exited: make(chan struct{})}
	go func() {
		_ = cmd.Wait()
		close(p.exited)
	}()
	cleanup(p.stop)
	out := &output{hide: l.hide, ready: make(chan string, 1)}
	out.follow(outR)

	timer := time.NewTimer(l.timeout)
	defer timer.Stop()
	ctx := l.ctx
	if ctx == nil {
		ctx = context.Background()
	}
	select {
	case <-ctx.Done():
		err = fmt.Errorf("the mock (%s) was not ready when its start was cancelled: %v%s", shown, ctx.Err(), out.tail())
	case url = <-out.ready:
		if !p.hasExited() {
			return url, cmd.Process.Pid, nil
		}
		err = fmt.Errorf("the mock (%s) ended just after it said it was ready%s", shown, out.tail())
	case <-p.exited:
		out.settle(2 * time.Second)
		if l.npx != "" && filepath.Base(l.argv[0]) == "npx" && out.has("npm error") {
			err = notFound("npx could not run %s@%s: it is not installed in this project, and npx is not let to download "+
				"it (%s). %s", MockPackage, l.npx, out.first("npm error"), installHint(l.npx))
		} else {
			err = fmt.Errorf("the mock (%s) ended with %s%s", shown, p.how(), out.tail())
		}
	case <-timer.C:
		err = fmt.Errorf("the mock (%s) did not say it was ready within %s (give a longer Timeout)%s", shown, l.timeout, out.tail())
	}
	p.stop()
	return "", 0, err
}

// unwrapExec drops exec's own "fork/exec <path>: " prefix, which the message already names.
func unwrapExec(err error) error {
	var pathErr *os.PathError
	if errors.As(err, &pathErr) {
		return pathErr.Err
	}
	return err
}
