/* At -O2 the pass still sees every body in SSA form.  */
// OPTIONS: -O2
#include <stdlib.h>
void twice (int n)
{
  char *p = malloc (n);
  if (!p)
    return;
  free (p);
  free (p);
}
// CHECK-LABEL: func @twice(%[[N:[0-9]+]]:i32 "n") -> void
// CHECK: %[[W:[0-9]+]]:u64 = conv %[[N]]
// CHECK-NEXT: %[[P:[0-9]+]]:ptr "p" = call @malloc(%[[W]]) !6:13
// CHECK-NEXT: br eq %[[P]], null,
// CHECK: call @free(%[[P]]) !9:3
// CHECK-NEXT: call @free(%[[P]]) !10:3

/* Lowered before GCC's early optimizations: at -O2 an allocation nothing
   uses, and a store nothing reads, are still there to be analysed.  */
void unused (void)
{
  char *q = malloc (10);
  int x;
  x = 3;
  (void) x;
}
// CHECK-LABEL: func @unused() -> void
// CHECK: ptr "q" = call @malloc(10:u64)
