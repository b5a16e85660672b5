/* specs/pthread.toml's pthread-lock-held-at-return (off by default): a
   mutex this function locked, still locked when it returns (CWE-667).  */
/* { dg-additional-options "-fplugin-arg-pathwise-enable=pthread-lock-held-at-return" } */
#include <pthread.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int counter;

int early_return_bad (int c)
{
  pthread_mutex_lock (&lock); /* { dg-message "\\(1\\) locked here" } */
  if (c)
    return -1; /* { dg-warning "mutex '&lock' is still locked when the function returns \\\[CWE-667\\\] \\\[-Wanalyzer-pthread-lock-held-at-return\\\]" } */
  counter++;
  pthread_mutex_unlock (&lock);
  return 0;
}

void every_path_unlocks_ok (int c)
{
  pthread_mutex_lock (&lock);
  if (c)
    {
      pthread_mutex_unlock (&lock);
      return;
    }
  counter++;
  pthread_mutex_unlock (&lock);
}

void param_bad (pthread_mutex_t *m)
{
  pthread_mutex_lock (m);
} /* { dg-warning "mutex 'm' is still locked" } */
