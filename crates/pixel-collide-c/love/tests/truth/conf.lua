function love.conf(t)
  t.identity = "pixel-collide-truth"
  t.window.title = "pixel_collide truth"
  t.window.width = 256
  t.window.height = 256
  t.window.vsync = 0
  t.modules.audio = false
  t.modules.sound = false
  t.modules.joystick = false
  t.modules.physics = false
  t.modules.video = false
end
