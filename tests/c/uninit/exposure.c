/* A stack object nothing wrote, copied out of the process (a file, a
   socket, the kernel's user space): what the stack held before leaks out
   (exposure-through-uninit-copy, CWE-200). Off by default; asked for
   here.  */
/* { dg-additional-options "-fplugin-arg-pathwise-enable=exposure-through-uninit-copy" } */
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

struct reply { int status; char text[60]; };

void unset_reply_bad (int fd)
{
  struct reply r; /* { dg-message "region created on stack here" } */
  write (fd, &r, sizeof r); /* { dg-warning "potential exposure of sensitive information by copying uninitialized data from stack across trust boundary \\\[CWE-200\\\] \\\[-Wanalyzer-exposure-through-uninit-copy\\\]" } */
}

void cleared_reply_ok (int fd)
{
  struct reply r;
  memset (&r, 0, sizeof r);
  r.status = 1;
  write (fd, &r, sizeof r);
}

void filled_by_read_ok (int in, int out)
{
  char buf[64];
  ssize_t n = read (in, buf, sizeof buf);
  if (n > 0)
    write (out, buf, (size_t) n);
}

void unset_buffer_to_file_bad (FILE *f)
{
  char buf[32];
  fwrite (buf, 1, sizeof buf, f); /* { dg-warning "exposure of sensitive information" } */
}

/* Across a function boundary: the helper sends what it is given.  */
static void send_reply (int fd, const struct reply *r)
{
  send (fd, r, sizeof *r, 0); /* { dg-warning "exposure of sensitive information" } */
}

void helper_bad (int fd)
{
  struct reply r;
  send_reply (fd, &r);
}

void helper_ok (int fd)
{
  struct reply r = { 0 };
  send_reply (fd, &r);
}
