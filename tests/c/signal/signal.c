/* unsafe-call-within-signal-handler: a handler registered with signal()
   or sigaction() reaches a function POSIX does not list as
   async-signal-safe, directly or through the program's own functions.  */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

extern void program_body (void);
extern void elsewhere (void);

/* Direct: the handler itself calls printf and exit.  */
static void direct_handler (int sig)
{
  printf ("got %d\n", sig); /* { dg-warning "call to 'printf' from within signal handler \\\[CWE-479\\\]" } */
  exit (1); /* { dg-warning "call to 'exit' from within signal handler" } */
  /* { dg-message "'_exit' is a possible signal-safe alternative for 'exit'" "note" { target *-*-* } .-1 } */
}

void register_direct (void)
{
  signal (SIGINT, direct_handler); /* { dg-message "\\(1\\) registering 'direct_handler' as signal handler" } */
}

/* Across functions: the handler calls log_it, which calls fputs; the
   path shows the chain.  */
static void log_it (const char *msg)
{
  fputs (msg, stderr); /* { dg-warning "call to 'fputs' from within signal handler" } */
  /* { dg-message "\\(5\\) entry to 'log_it'" "entry" { target *-*-* } 28 } */
}

static void chained_handler (int sig)
{
  log_it ("signal\n"); /* { dg-message "\\(4\\) calling 'log_it' from 'chained_handler'" } */
}

/* sigaction: the handler is stored in sa_handler; malloc and free are
   unsafe.  */
static void sa_handler_fn (int sig)
{
  void *p = malloc (16); /* { dg-warning "call to 'malloc' from within signal handler" } */
  free (p); /* { dg-warning "call to 'free' from within signal handler" } */
}

void register_more (void)
{
  struct sigaction sa;
  memset (&sa, 0, sizeof sa);
  sa.sa_handler = sa_handler_fn;
  sigaction (SIGTERM, &sa, NULL); /* { dg-message "registering 'sa_handler_fn' as signal handler" } */
  signal (SIGHUP, chained_handler);
  program_body ();
}

/* Safe: write, _exit, string functions and signal itself are on POSIX's
   list; a function of the program's own whose body is elsewhere is not
   judged.  */
static volatile sig_atomic_t got;

static void safe_handler (int sig)
{
  static const char msg[] = "bye\n";
  got = sig;
  write (2, msg, strlen (msg));
  elsewhere ();
  signal (sig, SIG_DFL);
  _exit (2);
}

/* Not registered: printf here is fine.  */
void not_a_handler (void)
{
  printf ("hello\n");
}

int main (void)
{
  signal (SIGUSR1, safe_handler);
  register_direct ();
  register_more ();
  not_a_handler ();
  return got;
}

/* One handler registered three ways, reaching a shared helper from two
   places: each unsafe call is reported once, by the shortest chain of
   calls.  A call GCC folded (fprintf of a plain string calls fwrite) is
   named without '__builtin_'.  */
static void shared_helper (void)
{
  fprintf (stderr, "bye\n"); /* { dg-warning "call to 'fwrite' from within signal handler" } */
}

static void busy_handler (int sig)
{
  shared_helper ();
  if (sig == SIGTERM)
    shared_helper ();
  puts ("done"); /* { dg-warning "call to 'puts' from within signal handler" } */
}

void register_busy (void)
{
  struct sigaction sa;
  memset (&sa, 0, sizeof sa);
  sa.sa_handler = busy_handler;
  signal (SIGTERM, busy_handler);
  signal (SIGINT, busy_handler);
  sigaction (SIGQUIT, &sa, NULL);
}
