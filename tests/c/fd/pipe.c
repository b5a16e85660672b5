/* pipe () and pipe2 () either fail, leaving the array as it was, or fill
   it with two new descriptors, each to be closed.  */
#define _GNU_SOURCE
#include <fcntl.h>
#include <unistd.h>

void pipe_both_leak_bad (void)
{
  int fds[2];
  if (pipe (fds) == -1) /* { dg-message "when 'pipe' succeeds" } */
    return;
} /* { dg-warning "leak of file descriptor 'fds\\\[0\\\]'" } */
/* { dg-warning "leak of file descriptor 'fds\\\[1\\\]'" "" { target *-*-* } .-1 } */

void pipe2_closed_ok (char *buf)
{
  int fds[2];
  if (pipe2 (fds, O_CLOEXEC) < 0)
    return;
  write (fds[1], buf, 1);
  read (fds[0], buf, 1);
  close (fds[0]);
  close (fds[1]);
}

void pipe_unchecked_bad (void)
{
  int fds[2];
  pipe (fds); /* { dg-message "when 'pipe' fails" } */
  close (fds[0]); /* { dg-warning "use of uninitialized value 'fds\\\[0\\\]'" } */
  close (fds[1]); /* { dg-warning "use of uninitialized value 'fds\\\[1\\\]'" } */
}

/* Into an array the caller gave: nothing is uninitialized here, and what
   pipe () made is the caller's to close.  */
int pipe_for_caller_ok (int *fds)
{
  return pipe (fds);
}
