/* A resource a call returns and the caller throws away leaks at the call,
   whichever checker tracks it. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

void open_dropped (const char *path)
{
  open (path, O_RDONLY); /* { dg-warning "leak of file descriptor \\[CWE-775\\]" } */
  /* { dg-message "\\(1\\) opened here" "opened" { target *-*-* } .-1 } */
  /* { dg-message "\\(2\\) leaks here; was opened at \\(1\\)" "leaks" { target *-*-* } .-2 } */
}

void socket_dropped (void)
{
  socket (AF_UNIX, SOCK_STREAM, 0); /* { dg-warning "leak of file descriptor" } */
}

void fopen_dropped (const char *path)
{
  fopen (path, "r"); /* { dg-warning "leak of FILE \\[CWE-775\\]" } */
}

void malloc_dropped (size_t n)
{
  malloc (n); /* { dg-warning "leak of '<unknown>'" } */
  /* { dg-warning "ignoring return value of 'malloc'" "GCC's own" { target *-*-* } .-1 } */
}

void strdup_dropped (void)
{
  strdup ("text"); /* { dg-warning "leak of '<unknown>'" } */
  /* { dg-warning "ignoring return value of 'strdup'" "GCC's own" { target *-*-* } .-1 } */
}

/* Not resources, or held elsewhere: fine.  */
void freopen_dropped_ok (const char *path)
{
  freopen (path, "w", stdout); /* { dg-bogus "leak" "the stream argument still holds it" } */
}

/* Kept to be tested: still stdout (flex's prev_stdout).  */
int freopen_kept_ok (const char *path)
{
  FILE *prev = freopen (path, "w", stdout);
  if (prev == NULL)
    return -1;
  return 0; /* { dg-bogus "leak" } */
}

/* A stream the function opened, reopened and lost.  */
int freopen_own_bad (const char *path, const char *other)
{
  FILE *f = fopen (path, "r");
  if (!f)
    return -1;
  FILE *g = freopen (other, "r", f);
  if (!g)
    return -1;
  return 0; /* { dg-warning "leak of FILE 'g'" } */
}

void dup2_dropped_ok (int fd)
{
  dup2 (fd, 1); /* { dg-bogus "leak" } */
}

void close_dropped_ok (int fd)
{
  close (fd); /* { dg-bogus "leak" } */
}

void used_ok (const char *path)
{
  int fd = open (path, O_RDONLY);
  if (fd >= 0)
    close (fd); /* { dg-bogus "leak" } */
}

/* dup of a closed descriptor fails: nothing leaks.  */
void dup_closed (const char *path)
{
  int fd = open (path, O_RDWR);
  if (fd < 0)
    return;
  close (fd);
  dup (fd); /* { dg-warning "'dup' on closed file descriptor 'fd'" } */
  /* { dg-bogus "leak" "fails" { target *-*-* } .-1 } */
}
