function love.conf(t)
  t.identity = "pixel-collide-spinners"
  t.window.title = "Spinners (pixel_collide)"
  t.window.width = 480
  t.window.height = 640
  t.modules.audio = false
  t.modules.sound = false
  t.modules.joystick = false
  t.modules.physics = false
  t.modules.video = false
end
