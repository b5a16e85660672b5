/* specs/pthread.toml: mutexes locked twice, unlocked twice or never
   locked, destroyed while locked (CWE-764, CWE-765, CWE-832, CWE-667).  */
#include <pthread.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int counter;

void double_lock_bad (void)
{
  pthread_mutex_lock (&lock); /* { dg-message "\\(1\\) locked here" } */
  counter++;
  pthread_mutex_lock (&lock); /* { dg-warning "'pthread_mutex_lock' of mutex '&lock', which is already locked \\\[CWE-764\\\] \\\[-Wanalyzer-pthread-double-lock\\\]" } */
  /* { dg-message "\\(2\\) locked again here; first locked at \\(1\\)" "final event" { target *-*-* } .-1 } */
  pthread_mutex_unlock (&lock);
}

void double_unlock_bad (pthread_mutex_t *m)
{
  pthread_mutex_lock (m); /* { dg-message "\\(1\\) locked here" } */
  counter++;
  pthread_mutex_unlock (m); /* { dg-message "\\(2\\) unlocked here" } */
  pthread_mutex_unlock (m); /* { dg-warning "'pthread_mutex_unlock' of mutex 'm', which is already unlocked \\\[CWE-765\\\]" } */
}

void unlock_never_locked_bad (void)
{
  pthread_mutex_t m;
  pthread_mutex_init (&m, NULL); /* { dg-message "\\(1\\) initialized here" } */
  pthread_mutex_unlock (&m); /* { dg-warning "'pthread_mutex_unlock' of mutex '&m', which is not locked \\\[CWE-832\\\]" } */
  pthread_mutex_destroy (&m);
}

void destroy_locked_bad (void)
{
  pthread_mutex_t m;
  pthread_mutex_init (&m, NULL);
  pthread_mutex_lock (&m); /* { dg-message "\\(1\\) locked here" } */
  pthread_mutex_destroy (&m); /* { dg-warning "'pthread_mutex_destroy' of mutex '&m', which is locked \\\[CWE-667\\\]" } */
}

/* A branch between the two locks: the mutex's state is kept.  */
void double_lock_after_branch_bad (int c)
{
  pthread_mutex_lock (&lock);
  if (c)
    counter++;
  pthread_mutex_lock (&lock); /* { dg-warning "already locked" } */
  pthread_mutex_unlock (&lock);
}

void lock_unlock_twice_ok (void)
{
  pthread_mutex_lock (&lock);
  counter++;
  pthread_mutex_unlock (&lock);
  pthread_mutex_lock (&lock);
  counter--;
  pthread_mutex_unlock (&lock);
}

/* Given in a state this function does not know: nothing is reported.  */
void unlock_for_caller_ok (pthread_mutex_t *m)
{
  counter++;
  pthread_mutex_unlock (m);
}

/* trylock: whether it took the mutex is in its result.  */
void trylock_ok (void)
{
  if (pthread_mutex_trylock (&lock) != 0)
    return;
  counter++;
  pthread_mutex_unlock (&lock);
}

/* Across functions: the lock taken by a helper, taken again.  */
static void take (pthread_mutex_t *m)
{
  pthread_mutex_lock (m); /* { dg-message "locked here" } */
}

static void release (pthread_mutex_t *m)
{
  pthread_mutex_unlock (m);
}

void helpers_ok (void)
{
  take (&lock);
  counter++;
  release (&lock);
}

void helpers_bad (void)
{
  take (&lock);
  take (&lock); /* { dg-message "calling 'take'" } */
  release (&lock);
}
/* { dg-warning "already locked" "" { target *-*-* } 80 } */

/* Held at return: off by default (a function may lock for its caller,
   as take () does); see pthread_held.c.  */
void held_at_return_not_reported (int c)
{
  pthread_mutex_lock (&lock);
  if (c)
    return;
  pthread_mutex_unlock (&lock);
}
