/* Whole-program test (-flto): the other half of main.c. */
#include <stdlib.h>

static void forget (void *p) { free (p); }

void release (void *p) { forget (p); }

void *make_buffer (int n) { return malloc (n); }

void drop_kept (void *p) { (void) p; }
