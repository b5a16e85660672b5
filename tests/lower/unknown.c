/* Forms the engine does not model are lowered to 'unknown' with their location.  */
// OPTIONS: -O0
int forms (int x, double d, int (*cb) (int))
{
  __asm__ ("" : "=r" (x) : "r" (x));
  int y = x ? 3 : 4;
  int z = d < 1.5;
  return cb (y + z);
}
// CHECK-LABEL: func @forms(
// CHECK: unknown "asm" (%{{[0-9]+}}) !5:3
// CHECK-NEXT: %{{[0-9]+}}:i32 "x" = unknown "asm output" !5:3
// CHECK: call %{{[0-9]+}}(
// CHECK-NOT: unknown "gimple
