/* A handler the file registers only for known signals, and that nothing
   else can call, is only ever given those signals: a test of the number
   it is given goes only the ways they allow. What a branch for another
   signal would call (an assert's failure, a "cannot happen" report) is
   not reached from the handler.  */
#include <assert.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *artefact;

static void
interrupted (int sig)
{
  assert (sig == SIGINT); /* { dg-bogus "__assert_fail" } */
  if (artefact)
    unlink (artefact);
  _exit (2);
}

void
watch (const char *name)
{
  artefact = name;
  signal (SIGINT, interrupted);
}

static void
caught (int sig)
{
  if (sig == SIGFPE)
    fprintf (stderr, "floating point exception %d\n", sig); /* { dg-warning "call to 'fprintf' from within signal handler" } */
  else if (sig == SIGSEGV || sig == SIGBUS)
    abort ();
  else
    fprintf (stderr, "unexpected signal %s\n", strsignal (sig)); /* { dg-bogus "signal handler" } */
  _exit (1);
}

void
install (void)
{
  signal (SIGFPE, caught);
  signal (SIGSEGV, caught);
  signal (SIGBUS, caught);
}

/* Its address goes elsewhere too: any signal may come.  */
extern void keep_handler (void (*) (int));

static void
shared (int sig)
{
  if (sig != SIGTERM)
    puts ("not a TERM"); /* { dg-warning "call to 'puts' from within signal handler" } */
  _exit (0);
}

void
install_shared (void)
{
  signal (SIGTERM, shared);
  keep_handler (shared);
}

/* Registered for a number the file does not know.  */
static void
any (int sig)
{
  if (sig != SIGHUP)
    puts ("not a HUP"); /* { dg-warning "call to 'puts' from within signal handler" } */
  _exit (0);
}

void
install_any (int which)
{
  signal (which, any);
}

/* A flag the handler sets before it calls anything, and that nothing else
   sets, is set in every function the handler reaches: the cleanup's exit
   for a normal end is not reached from it.  */
static int got_interrupt;

static void
finish (int status)
{
  if (got_interrupt)
    _exit (status);
  exit (status); /* { dg-bogus "signal handler" } */
}

static void
on_interrupt (int sig)
{
  got_interrupt = 1;
  finish (sig);
}

void
install_interrupt (void)
{
  signal (SIGINT, on_interrupt);
}

void
end (void)
{
  finish (0);
}

/* Set elsewhere too (reset by the main program), the flag says nothing.  */
static int got_quit;

static void
finish_quit (int status)
{
  if (got_quit)
    _exit (status);
  exit (status); /* { dg-warning "call to 'exit' from within signal handler" } */
}

static void
on_quit (int sig)
{
  got_quit = 1;
  finish_quit (sig);
}

void
install_quit (void)
{
  got_quit = 0;
  signal (SIGQUIT, on_quit);
}

/* Held by a variable's initializer too (a struct sigaction set up
   statically, installed elsewhere): any signal may come.  */
static void
on_alarm (int sig)
{
  if (sig != SIGALRM)
    puts ("not an ALRM"); /* { dg-warning "call to 'puts' from within signal handler" } */
  _exit (0);
}

struct sigaction alarm_action = { .sa_handler = on_alarm };

void
install_alarm (void)
{
  signal (SIGALRM, on_alarm);
}
