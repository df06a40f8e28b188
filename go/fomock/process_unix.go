//go:build unix

package fomock

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
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

// stopAfter is how long the group has between SIGTERM and SIGKILL (a variable for the tests).
var stopAfter = 10 * time.Second

// output is what the mock prints, read off both pipes to their end (so a full pipe never stalls it); the last lines
// are kept, with the secrets blanked out when shown.
type output struct {
	mu      sync.Mutex
	lines   []string
	hide    []string
	ready   chan string
	found   bool
	readers sync.WaitGroup
}

func (o *output) follow(r io.ReadCloser, watch bool) {
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
					o.add(string(line), watch)
				}
				return
			}
			if !isPrefix {
				o.add(string(line), watch)
				line = line[:0]
			}
		}
	}()
}

func (o *output) add(line string, watch bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.lines = append(o.lines, line)
	if len(o.lines) > keptLines {
		o.lines = o.lines[len(o.lines)-keptLines:]
	}
	if url := readyURL(line); watch && !o.found && url != "" {
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

func (o *output) tail() string {
	o.mu.Lock()
	lines := o.lines[max(0, len(o.lines)-shownLines):]
	text := strings.Join(lines, "\n")
	o.mu.Unlock()
	for _, secret := range o.hide {
		if secret != "" {
			text = strings.ReplaceAll(text, secret, "REDACTED")
		}
	}
	if strings.TrimSpace(text) == "" {
		return "; it printed nothing"
	}
	return "; its last lines:\n" + text
}

// process is the mock's process group, led by the command started.
type process struct {
	cmd    *exec.Cmd
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

func groupAlive(pgid int) bool { return syscall.Kill(-pgid, 0) == nil }

// stop sends SIGTERM to the group, and SIGKILL when anything of it is still there after stopAfter. The whole group
// is waited for, not just its leader: behind npx the mock is a grandchild that may still be stopping its server
// when npx has ended.
func (p *process) stop() {
	p.once.Do(func() {
		pgid := p.cmd.Process.Pid
		_ = syscall.Kill(-pgid, syscall.SIGTERM)
		for deadline := time.Now().Add(stopAfter); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
			if p.hasExited() && !groupAlive(pgid) {
				return
			}
		}
		_ = syscall.Kill(-pgid, syscall.SIGKILL)
		<-p.exited
		// What the kill orphaned is reaped by init in a moment.
		for i := 0; i < 40 && groupAlive(pgid); i++ {
			time.Sleep(50 * time.Millisecond)
		}
	})
}

func (p *process) how() string {
	state := p.cmd.ProcessState
	if code := state.ExitCode(); code >= 0 {
		return fmt.Sprintf("exit code %d", code)
	}
	return state.String()
}

// run starts the command in a process group of its own and waits for its ready line; cleanup is given the stop.
func run(l launch, cleanup func(func())) (url string, pid int, err error) {
	shown := strings.Join(l.argv, " ")
	stdoutR, stdoutW, err := os.Pipe()
	if err != nil {
		return "", 0, err
	}
	stderrR, stderrW, err := os.Pipe()
	if err != nil {
		stdoutR.Close()
		stdoutW.Close()
		return "", 0, err
	}
	cmd := exec.Command(l.argv[0], l.argv[1:]...)
	cmd.Env = l.env
	cmd.Stdout, cmd.Stderr = stdoutW, stderrW
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	err = cmd.Start()
	// The child has its own copies of the write ends: a reader's end of file is the last writer's exit.
	stdoutW.Close()
	stderrW.Close()
	if err != nil {
		stdoutR.Close()
		stderrR.Close()
		return "", 0, fmt.Errorf("cannot run the mock (%s): %v", shown, unwrapExec(err))
	}
	p := &process{cmd: cmd, exited: make(chan struct{})}
	go func() {
		_ = cmd.Wait()
		close(p.exited)
	}()
	cleanup(p.stop)
	out := &output{hide: l.hide, ready: make(chan string, 1)}
	out.follow(stdoutR, true)
	out.follow(stderrR, false)

	timer := time.NewTimer(l.timeout)
	defer timer.Stop()
	select {
	case url = <-out.ready:
		if !p.hasExited() {
			return url, cmd.Process.Pid, nil
		}
		err = fmt.Errorf("the mock (%s) ended just after it said it was ready%s", shown, out.tail())
	case <-p.exited:
		out.settle(2 * time.Second)
		err = fmt.Errorf("the mock (%s) ended with %s%s", shown, p.how(), out.tail())
	case <-timer.C:
		err = fmt.Errorf("the mock (%s) did not say it was ready within %s (the first npx run downloads the package: "+
			"give a longer Timeout)%s", shown, l.timeout, out.tail())
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
