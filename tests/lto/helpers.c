/* Whole-program test (-flto): the other half of main.c. */
#include <stdlib.h>

static void forget (void *p) { free (p); }

void release (void *p) { forget (p); }

void *make_buffer (int n) { return malloc (n); }

void drop_kept (void *p) { (void) p; }

int debug_level = 0;        /* nothing in the program writes it */
int trace_level = 0;        /* set_trace writes it */

void set_trace (int on) { trace_level = on; }

int quiet = 0;              /* written through quiet_flag */
int *quiet_flag = &quiet;

void set_quiet (void) { *quiet_flag = 1; }
