/* deref-before-check: the test is redundant only if the pointer it tests is
   the one dereferenced on every way to it.  A way that moved the variable
   the test reads (a cursor stepped, a list pointer advanced) tests another
   pointer, and the test is needed there.  */
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

static const char *const devices[] = { "/dev/urandom", "/dev/random", 0 };

/* Retried on EINTR with the same name, else on to the next one: the loop's
   test reads the next name on that way.  */
int open_device_ok (void)
{
  const char *const *device = devices;
  int fd;
  do {
    fd = open (*device, O_RDONLY);
    if (fd != -1)
      return fd;
    if (errno == EINTR)
      continue;
    device++;
  } while (*device != 0); /* { dg-bogus "check of" } */
  return -1;
}

/* Nothing moves the cursor between the use and the test.  */
int open_same_bad (void)
{
  const char *const *device = devices;
  int fd;
  do {
    fd = open (*device, O_RDONLY); /* { dg-message "pointer '\\*device' is dereferenced here" } */
    if (fd != -1)
      return fd;
  } while (*device != 0); /* { dg-warning "check of '\\*device' for NULL after already dereferencing it" } */
  return -1;
}

struct opt { const char *name; };

/* The cursor moved on one way only ("argv++" or "argv = rest").  */
int options_ok (char **argv, char **rest, int flag)
{
  int n = 0;
  if (argv[1][0] == '-') {
    if (flag)
      argv = rest;
    else
      argv++;
  }
  if (!*argv) /* { dg-bogus "check of" } */
    n = -1;
  return n;
}

int options_bad (char **argv)
{
  int n = argv[1][0] == '-'; /* { dg-message "dereferenced here" } */
  if (!argv[1]) /* { dg-warning "check of 'argv\\\[1\\\]' for NULL after already dereferencing it" } */
    n = -1;
  return n;
}

struct redir { struct redir *next; };
extern struct redir *last_redirection;
extern int next_token (void);

/* A list built through a pointer to its head's variable: the way that
   added nothing leaves the head NULL, through "*tail = NULL".  */
struct redir *redirections_ok (void)
{
  struct redir *head = 0, **tail = &head, *r;
  while (next_token () == 1)
    {
      *tail = r = last_redirection;
      tail = &r->next;
    }
  *tail = 0;
  if (head) /* { dg-bogus "check of" } */
    return head;
  return 0;
}
