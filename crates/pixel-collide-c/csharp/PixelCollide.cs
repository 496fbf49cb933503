// pixel-collide for C#: P/Invoke bindings to the C library (libpixel_collide), one file to drop into a
// MonoGame, FNA or Unity project. Masks are handles the library owns; sprites and answers are plain
// structs passed by value; a failing call throws PixelCollideException with the library's message.
//
//   var block = Mask.FromRgba(pixels, width, height);          // pixels: RGBA bytes, e.g. Texture2D.GetData
//   var a = new Sprite(block, Affine.FromXna(m.M11, m.M12, m.M21, m.M22, m.M41, m.M42));
//   if (Collide.Overlaps(a, b)) { ... }
//
// MIT OR Apache-2.0.
using System;
using System.Runtime.InteropServices;

namespace PixelCollide
{
    /// <summary>What a call of the C library did (pc_status).</summary>
    public enum Status
    {
        Ok = 0, NullPointer = 1, InvalidHandle = 2, InvalidNumber = 3, InvalidSize = 4,
        ShortBuffer = 5, Decode = 6, Io = 7, TooMany = 8, Internal = 9,
    }

    /// <summary>A call the library refused, with its status and its one-line message.</summary>
    public sealed class PixelCollideException : Exception
    {
        /// <summary>Why the call did nothing.</summary>
        public readonly Status Status;

        internal PixelCollideException(Status status, string message) : base(message) { Status = status; }
    }

    /// <summary>A point or direction, x right and y down.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct Vec2
    {
        public float X, Y;
        public Vec2(float x, float y) { X = x; Y = y; }
    }

    /// <summary>The map from a mask's texels to the world: world = (A x + C y + Tx, B x + D y + Ty).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct Affine
    {
        public float A, B, C, D, Tx, Ty;

        public Affine(float a, float b, float c, float d, float tx, float ty)
        {
            A = a; B = b; C = c; D = d; Tx = tx; Ty = ty;
        }

        /// <summary>From an XNA, MonoGame or FNA Matrix (row vectors): its M11 M12 M21 M22 M41 M42.</summary>
        public static Affine FromXna(float m11, float m12, float m21, float m22, float m41, float m42)
        {
            return new Affine(m11, m12, m21, m22, m41, m42);
        }

        /// <summary>Placed at position, turned by rotation radians and scaled about origin (texels).</summary>
        public static Affine FromParts(Vec2 position, float rotation, Vec2 scale, Vec2 origin)
        {
            Affine m;
            Native.Check(Native.pc_affine_from_parts(position, rotation, scale, origin, out m));
            return m;
        }
    }

    /// <summary>An axis-aligned world rectangle from its top left corner and size.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct Rect
    {
        public float X, Y, Width, Height;
        public Rect(float x, float y, float width, float height) { X = x; Y = y; Width = width; Height = height; }
    }

    /// <summary>A mask: a handle to solid and clear texels the library owns; free it with Dispose.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct Mask : IDisposable
    {
        public uint Index, Generation;

        /// <summary>From RGBA bytes, rows stride bytes apart (0: packed), solid where alpha > threshold.</summary>
        public static Mask FromRgba(byte[] rgba, int width, int height, byte alphaThreshold = 0, int stride = 0)
        {
            if (rgba == null) throw new ArgumentNullException("rgba");
            if (width < 0 || height < 0 || stride < 0) throw new ArgumentOutOfRangeException("width, height and stride must not be negative");
            var pin = GCHandle.Alloc(rgba, GCHandleType.Pinned);
            try
            {
                return FromRgba(pin.AddrOfPinnedObject(), (UIntPtr)rgba.Length, width, height, alphaThreshold, stride);
            }
            finally { pin.Free(); }
        }

        /// <summary>From RGBA bytes at a pointer the caller keeps readable for the call.</summary>
        public static Mask FromRgba(IntPtr rgba, UIntPtr length, int width, int height, byte alphaThreshold = 0, int stride = 0)
        {
            Mask m;
            Native.Check(Native.pc_mask_from_rgba(rgba, length, (uint)width, (uint)height, (UIntPtr)stride, alphaThreshold, out m));
            return m;
        }

        /// <summary>From a PNG file, solid where alpha > threshold.</summary>
        public static Mask FromPngFile(string path, byte alphaThreshold = 0)
        {
            Mask m;
            Native.Check(Native.pc_mask_from_png_file(path, alphaThreshold, out m));
            return m;
        }

        /// <summary>Width in texels.</summary>
        public int Width { get { uint w, h; Native.Check(Native.pc_mask_size(this, out w, out h)); return (int)w; } }

        /// <summary>Height in texels.</summary>
        public int Height { get { uint w, h; Native.Check(Native.pc_mask_size(this, out w, out h)); return (int)h; } }

        /// <summary>Whether texel (x, y) is solid; false outside.</summary>
        public bool IsSolid(long x, long y)
        {
            byte solid;
            Native.Check(Native.pc_mask_is_solid(this, x, y, out solid));
            return solid != 0;
        }

        /// <summary>Frees the mask; using it afterwards throws (a double free included).</summary>
        public void Dispose() { Native.Check(Native.pc_mask_free(this)); }
    }

    /// <summary>A mask placed in the world.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct Sprite
    {
        public Mask Mask;
        public Affine Transform;
        public Sprite(Mask mask, Affine transform) { Mask = mask; Transform = transform; }
    }

    /// <summary>A pose (position, rotation, scale) for a motion over a step.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct Pose
    {
        public Vec2 Position;
        public float Rotation;
        public Vec2 Scale;
        public Pose(Vec2 position, float rotation, Vec2 scale) { Position = position; Rotation = rotation; Scale = scale; }
    }

    /// <summary>A mask moving from one pose to another over a step, about origin (texels).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct Motion
    {
        public Mask Mask;
        public Pose From, To;
        public Vec2 Origin;
        public Motion(Mask mask, Pose from, Pose to, Vec2 origin) { Mask = mask; From = from; To = to; Origin = origin; }
    }

    /// <summary>Where two sprites overlap: a point in both, a normal from the first, the depth.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct Contact
    {
        byte found;
        public Vec2 Point, Normal;
        public float Depth;
        public bool Found { get { return found != 0; } }
    }

    /// <summary>How to move the first sprite off the second.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct Push
    {
        byte found;
        public Vec2 Offset, Normal;
        byte budgetRanOut;
        public bool Found { get { return found != 0; } }
        public bool BudgetRanOut { get { return budgetRanOut != 0; } }
    }

    /// <summary>How far apart two sprites are, with a closest point on each.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct Closest
    {
        byte found;
        public float Distance;
        public Vec2 OnA, OnB;
        public float LowerBound;
        byte budgetRanOut;
        public bool Found { get { return found != 0; } }
        public bool BudgetRanOut { get { return budgetRanOut != 0; } }
    }

    /// <summary>Where a ray enters a sprite.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct RayHit
    {
        byte found;
        public Vec2 Point;
        public float Distance;
        public Vec2 Normal;
        public bool Found { get { return found != 0; } }
    }

    /// <summary>When two moving sprites first touch, as a fraction of the step.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct Impact
    {
        byte found;
        public float Time, ContactTime;
        public Vec2 Point;
        public bool Found { get { return found != 0; } }
    }

    /// <summary>Two touching sprites by their indices in the array given (A &lt; B).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct Pair
    {
        public uint A, B;
    }

    [StructLayout(LayoutKind.Sequential)]
    struct Pairs
    {
        public IntPtr First;
        public UIntPtr Count;
    }

    /// <summary>The queries a game asks each frame.</summary>
    public static class Collide
    {
        /// <summary>Whether the two sprites share a solid texel's area.</summary>
        public static bool Overlaps(Sprite a, Sprite b)
        {
            byte hit;
            Native.Check(Native.pc_overlaps(a, b, out hit));
            return hit != 0;
        }

        /// <summary>Whether probe overlaps each of others[0..count), into overlapping: "the player against
        /// every block" in one foreign call, where a call each pays Mono's transition every time.</summary>
        public static void OverlapsEach(Sprite probe, Sprite[] others, int count, bool[] overlapping)
        {
            if (others == null) throw new ArgumentNullException("others");
            if (overlapping == null) throw new ArgumentNullException("overlapping");
            if (count < 0 || count > others.Length || count > overlapping.Length) throw new ArgumentOutOfRangeException("count");
            var answers = eachAnswers;
            if (answers == null || answers.Length < count) eachAnswers = answers = new byte[Math.Max(count, 64)];
            // Pinned rather than marshalled: Mono copies an array of structs element by element.
            var pinnedOthers = GCHandle.Alloc(others, GCHandleType.Pinned);
            var pinnedAnswers = GCHandle.Alloc(answers, GCHandleType.Pinned);
            try
            {
                Native.Check(Native.pc_overlaps_each(probe, pinnedOthers.AddrOfPinnedObject(), (UIntPtr)count, pinnedAnswers.AddrOfPinnedObject()));
            }
            finally
            {
                pinnedOthers.Free();
                pinnedAnswers.Free();
            }
            for (int i = 0; i < count; i++) overlapping[i] = answers[i] != 0;
        }

        [ThreadStatic] static byte[] eachAnswers;

        /// <summary>Whether they overlap, where, the normal from a towards b and the depth.</summary>
        public static Contact Contact(Sprite a, Sprite b)
        {
            Contact c;
            Native.Check(Native.pc_collide(a, b, out c));
            return c;
        }

        /// <summary>The world area their solid texels share.</summary>
        public static float OverlapArea(Sprite a, Sprite b)
        {
            float area;
            Native.Check(Native.pc_overlap_area(a, b, out area));
            return area;
        }

        /// <summary>The distance between their closest solid texels, with the points.</summary>
        public static Closest Distance(Sprite a, Sprite b)
        {
            Closest d;
            Native.Check(Native.pc_distance(a, b, out d));
            return d;
        }

        /// <summary>The shortest move of a that parts it from b.</summary>
        public static Push PushOut(Sprite a, Sprite b)
        {
            Push p;
            Native.Check(Native.pc_push_out(a, b, out p));
            return p;
        }

        /// <summary>Whether the world point lies in a solid texel.</summary>
        public static bool ContainsPoint(Sprite s, Vec2 point)
        {
            byte yes;
            Native.Check(Native.pc_contains_point(s, point, out yes));
            return yes != 0;
        }

        /// <summary>Whether the world rectangle shares area with a solid texel.</summary>
        public static bool TouchesRect(Sprite s, Rect r)
        {
            byte yes;
            Native.Check(Native.pc_touches_rect(s, r, out yes));
            return yes != 0;
        }

        /// <summary>Whether the world disc shares area with a solid texel.</summary>
        public static bool TouchesCircle(Sprite s, Vec2 center, float radius)
        {
            byte yes;
            Native.Check(Native.pc_touches_circle(s, center, radius, out yes));
            return yes != 0;
        }

        /// <summary>Where the ray first enters a solid texel within maxDistance.</summary>
        public static RayHit Raycast(Sprite s, Vec2 origin, Vec2 direction, float maxDistance = float.PositiveInfinity)
        {
            RayHit h;
            Native.Check(Native.pc_raycast(s, origin, direction, maxDistance, out h));
            return h;
        }

        /// <summary>The world bounds of the sprite's whole image.</summary>
        public static Rect Bounds(Sprite s)
        {
            Rect r;
            Native.Check(Native.pc_sprite_bounds(s, out r));
            return r;
        }

        /// <summary>The first time in the step (0 to 1) at which the two moving sprites touch.</summary>
        public static Impact TimeOfImpact(Motion a, Motion b)
        {
            Impact i;
            Native.Check(Native.pc_time_of_impact(a, b, out i));
            return i;
        }
    }

    /// <summary>Every touching pair of many sprites in one call, in room kept between calls.</summary>
    public sealed class World : IDisposable
    {
        WorldHandle handle;
        Pair[] pairs = new Pair[0];

        [StructLayout(LayoutKind.Sequential)]
        internal struct WorldHandle { public uint Index, Generation; }

        public World() { Native.Check(Native.pc_world_new(out handle)); }

        /// <summary>The touching pairs of sprites[0..count), sorted; the array is reused by the next call.</summary>
        public ArraySegment<Pair> TouchingPairs(Sprite[] sprites, int count)
        {
            if (sprites == null) throw new ArgumentNullException("sprites");
            if (count < 0 || count > sprites.Length) throw new ArgumentOutOfRangeException("count");
            Pairs found;
            var pinned = GCHandle.Alloc(sprites, GCHandleType.Pinned);
            try
            {
                Native.Check(Native.pc_world_touching_pairs(handle, pinned.AddrOfPinnedObject(), (UIntPtr)count, out found));
            }
            finally { pinned.Free(); }
            int n = (int)found.Count;
            if (pairs.Length < n) pairs = new Pair[Math.Max(n, 2 * pairs.Length)];
            for (int i = 0; i < n; i++)
                pairs[i] = (Pair)Marshal.PtrToStructure(found.First + 8 * i, typeof(Pair));
            return new ArraySegment<Pair>(pairs, 0, n);
        }

        public void Dispose() { Native.Check(Native.pc_world_free(handle)); }
    }

    static class Native
    {
        const string Lib = "pixel_collide";

        internal static void Check(Status status)
        {
            if (status != Status.Ok)
                throw new PixelCollideException(status, Marshal.PtrToStringAnsi(pc_last_error_message()));
        }

        [DllImport(Lib)] internal static extern IntPtr pc_last_error_message();
        [DllImport(Lib)] internal static extern Status pc_mask_from_rgba(IntPtr rgba, UIntPtr length, uint width, uint height, UIntPtr stride, byte alphaThreshold, out Mask result);
        [DllImport(Lib)] internal static extern Status pc_mask_from_png_file([MarshalAs(UnmanagedType.LPStr)] string path, byte alphaThreshold, out Mask result);
        [DllImport(Lib)] internal static extern Status pc_mask_free(Mask mask);
        [DllImport(Lib)] internal static extern Status pc_mask_size(Mask mask, out uint width, out uint height);
        [DllImport(Lib)] internal static extern Status pc_mask_is_solid(Mask mask, long x, long y, out byte solid);
        [DllImport(Lib)] internal static extern Status pc_affine_from_parts(Vec2 position, float rotation, Vec2 scale, Vec2 origin, out Affine transform);
        [DllImport(Lib)] internal static extern Status pc_overlaps(Sprite a, Sprite b, out byte overlapping);
        [DllImport(Lib)] internal static extern Status pc_overlaps_each(Sprite probe, IntPtr others, UIntPtr count, IntPtr overlapping);
        [DllImport(Lib)] internal static extern Status pc_collide(Sprite a, Sprite b, out Contact contact);
        [DllImport(Lib)] internal static extern Status pc_overlap_area(Sprite a, Sprite b, out float area);
        [DllImport(Lib)] internal static extern Status pc_distance(Sprite a, Sprite b, out Closest distance);
        [DllImport(Lib)] internal static extern Status pc_push_out(Sprite a, Sprite b, out Push push);
        [DllImport(Lib)] internal static extern Status pc_contains_point(Sprite s, Vec2 point, out byte inside);
        [DllImport(Lib)] internal static extern Status pc_touches_rect(Sprite s, Rect r, out byte touching);
        [DllImport(Lib)] internal static extern Status pc_touches_circle(Sprite s, Vec2 center, float radius, out byte touching);
        [DllImport(Lib)] internal static extern Status pc_raycast(Sprite s, Vec2 origin, Vec2 direction, float maxDistance, out RayHit hit);
        [DllImport(Lib)] internal static extern Status pc_sprite_bounds(Sprite s, out Rect bounds);
        [DllImport(Lib)] internal static extern Status pc_time_of_impact(Motion a, Motion b, out Impact impact);
        [DllImport(Lib)] internal static extern Status pc_world_new(out World.WorldHandle result);
        [DllImport(Lib)] internal static extern Status pc_world_free(World.WorldHandle world);
        [DllImport(Lib)] internal static extern Status pc_world_touching_pairs(World.WorldHandle world, IntPtr sprites, UIntPtr count, out Pairs pairs);
    }
}
